//! PulseAudio output on the server's native protocol (the `pulseaudio` crate, which cpal's
//! own PulseAudio host is built on). It is used instead of cpal's host for one thing cpal
//! cannot do: stop sending samples while there is nothing to play. A cpal stream feeds the
//! server silence, and keeps two periods of it (40 ms at the default 960 frames) queued, so
//! a click or a readout that comes after a short quiet waits behind that silence.
//!
//! Here the feed runs on the client's reactor thread: each request of the server calls the
//! device's [`RenderFn`]. When the mixer has nothing to play, the feed answers nothing and
//! leaves the reactor a waker; the server plays out what it has (the end of the last sound
//! is never cut) and then waits. [`OutputStream::resume`], called once a sound is queued,
//! wakes the feed, which sends the sound at once: the stream starts again from it, as a new
//! stream would, without the cost of opening one.
//!
//! Every request of the server and every period we send passes through the server's main
//! thread, which is not real-time. The speech stream keeps three periods queued, so that once
//! the server has asked for more there are still 30 ms (at the default 960 frames) before it
//! runs dry; with two periods queued there were 20 ms, and on a busy machine
//! the main thread answered later than that whenever the cue stream beside it opened, woke,
//! ran dry or closed: the readout fell silent for 1–11 ms at a period's boundary
//! (`docs/perf/2026-12-02-cd11bde-readout-gap-beside-click.md`).
//!
//! When speech cuts speech, [`OutputStream::drop_queued`] throws that queue away
//! (`pa_stream_flush`) so the cut is heard at once rather than after up to 60 ms of the old
//! speech, and the mixer goes back to where the server stopped and renders again from there:
//! every other listener's sound on the stream goes on from the same sample.

use std::ffi::{CStr, CString};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Wake, Waker};
use std::time::{Duration, Instant};

use futures::FutureExt as _;
use pulseaudio::protocol::{
    self, stream::BufferAttr, stream::StreamFlags, ChannelMap, ChannelPosition, SampleFormat,
    SampleSpec,
};
use pulseaudio::{Client, ClientError, PlaybackSource, PlaybackStream};

use crate::audio::backend::{
    log_open, GoBack, OutputStream, RenderFn, StreamFormat, StreamRequest,
};
use crate::audio::error::AudioError;

/// Longest wait for the server to answer while opening a stream.
const OPEN_TIMEOUT: Duration = Duration::from_secs(3);

/// Longest wait for the server to throw away a stream's queue and say where it stopped
/// (two requests sent together, answered in well under a millisecond on an idle machine).
/// Past it, the stream renders on from where the mixer was.
const DROP_TIMEOUT: Duration = Duration::from_millis(30);

/// The server's answers to a flush and to the timing request sent with it.
type Answers = (
    Result<(), ClientError>,
    Result<protocol::PlaybackLatency, ClientError>,
);

/// A flush under way: the answers awaited, and what to do with them.
struct Dropping {
    answers: Pin<Box<dyn Future<Output = Answers> + Send>>,
    go_back: GoBack,
    since: Instant,
}

/// Bytes per sample: the stream is 32-bit float.
const SAMPLE_BYTES: usize = 4;

/// Connects to the PulseAudio server of the environment (`PULSE_SERVER`, or the user's
/// runtime folder).
pub(crate) fn connect() -> Result<Client, AudioError> {
    Client::from_env(c"talkclock").map_err(|e: ClientError| AudioError::HostUnavailable {
        host: "pulse".into(),
        reason: e.to_string(),
    })
}

/// What a stream plays, which sets how much it keeps queued at the server and the name the
/// server lists it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The device's first stream: speech (and, where there is no cue stream, the cues).
    Speech,
    /// The stream beside it for the cues.
    Cues,
}

impl Role {
    /// Bytes kept queued at the server and bytes asked for at a time, for a period of
    /// `period` bytes. The server asks for more once a request's worth is missing, so the
    /// stream has what is left, half the queue, to answer before it runs dry. The request is
    /// half the queue so that, with `adjust_latency`, the server leaves the device's own
    /// buffer as short as it can be ((queue - 2 x request) / 2 = 0): a longer device buffer
    /// is rewound whenever a sound starts, and a monitor does not record what is rewound.
    ///
    /// Speech: three periods (60 ms at the default 960 frames), asked for 30 ms at a time,
    /// so 30 ms to answer (see the module's header; two periods left 20 ms). Cues: two
    /// periods, 20 ms at a time. A cue comes after a wait, when the queue is empty and its
    /// first period plays at once; whatever the stream sends with a click fills the queue
    /// with silence that a click right after it waits behind, so the cue stream's queue stays
    /// short.
    pub(crate) fn queue(self, period: u32) -> (u32, u32) {
        match self {
            Role::Speech => {
                let target = period.saturating_mul(3);
                (target, target / 2)
            }
            Role::Cues => (period.saturating_mul(2), period),
        }
    }

    /// The stream's `media.name` at the server (what `pactl list sink-inputs` shows).
    fn media_name(self) -> &'static CStr {
        match self {
            Role::Speech => c"talkclock",
            Role::Cues => c"talkclock cues",
        }
    }
}

/// Opens and starts a playback stream for `role` on `client`'s server.
pub(crate) fn open(
    client: Client,
    request: &StreamRequest,
    render: RenderFn,
    role: Role,
) -> Result<Box<dyn OutputStream>, AudioError> {
    let failed = |reason: String| AudioError::Stream {
        device: request.device.clone(),
        reason: format!("{reason} (pulse)"),
    };
    let sink_index = if request.device == "default" {
        None
    } else {
        let sinks = wait(client.list_sinks(), OPEN_TIMEOUT)
            .ok_or_else(|| failed("the server did not answer".into()))?
            .map_err(|e| failed(e.to_string()))?;
        let wanted = request.device.as_bytes();
        let found = sinks.iter().find(|s| {
            s.name.as_bytes() == wanted
                || s.description
                    .as_ref()
                    .is_some_and(|d| d.as_bytes() == wanted)
        });
        Some(
            found
                .ok_or_else(|| AudioError::DeviceNotFound(request.device.clone()))?
                .index,
        )
    };
    let format = StreamFormat {
        channels: request.channels,
        rate: request.sample_rate,
    };
    let frame_bytes = usize::from(request.channels) * SAMPLE_BYTES;
    let period = u32::try_from(request.buffer_frames as usize * frame_bytes)
        .map_err(|_| failed(format!("buffer of {} frames", request.buffer_frames)))?;
    let (target, asked) = role.queue(period);
    let params = protocol::PlaybackStreamParams {
        sink_index,
        sample_spec: SampleSpec {
            format: SampleFormat::Float32Le,
            channels: u8::try_from(request.channels)
                .map_err(|_| failed(format!("{} channels", request.channels)))?,
            sample_rate: request.sample_rate,
        },
        channel_map: channel_map(request.channels),
        buffer_attr: BufferAttr {
            // The role's queue at the server (see `Role::queue`); with `adjust_latency`
            // the server sizes the device's own buffer to match.
            max_length: target,
            target_length: target,
            minimum_request_length: asked,
            // After the feed has waited (the queue ran dry), play as soon as one period is
            // back, not two.
            pre_buffering: period,
            ..BufferAttr::default()
        },
        flags: StreamFlags {
            adjust_latency: true,
            ..StreamFlags::default()
        },
        props: stream_props(role),
        ..Default::default()
    };
    let feed = Arc::new(Feed {
        frame_bytes: frame_bytes as u64,
        ..Feed::default()
    });
    let source = Source {
        render,
        format,
        scratch: Vec::new(),
        feed: feed.clone(),
    };
    let stream = wait(client.create_playback_stream(params, source), OPEN_TIMEOUT)
        .ok_or_else(|| failed("the server did not answer".into()))?
        .map_err(|e| failed(e.to_string()))?;
    let watched = stream.clone();
    let watch = feed.clone();
    std::thread::Builder::new()
        .name("talkclock-pulse-watch".into())
        .spawn(move || {
            // Resolves only when the stream ends: deleted by us, or the server gone.
            let _ = futures::executor::block_on(watched.source_eof());
            if !watch.closed.load(Ordering::Relaxed) {
                watch.lost.store(true, Ordering::Relaxed);
                tracing::error!("audio output lost: the PulseAudio stream ended");
            }
        })
        .map_err(|e| failed(format!("cannot spawn a thread: {e}")))?;
    log_open(request, "pulse", request.sample_rate);
    Ok(Box::new(PulseStream {
        _client: client,
        stream,
        format,
        feed,
    }))
}

/// The channel positions ALSA gives a card with that many channels (the server maps them
/// onto the sink by name).
fn channel_map(channels: u16) -> ChannelMap {
    use ChannelPosition::*;
    const ALSA_ORDER: [ChannelPosition; 8] = [
        FrontLeft,
        FrontRight,
        RearLeft,
        RearRight,
        FrontCenter,
        Lfe,
        SideLeft,
        SideRight,
    ];
    match channels {
        1 => ChannelMap::new([Mono]),
        3 => ChannelMap::new([FrontLeft, FrontRight, FrontCenter]),
        7 => ChannelMap::new(ALSA_ORDER[..6].iter().copied().chain([RearCenter])),
        n => ChannelMap::new(ALSA_ORDER.iter().copied().take(usize::from(n))),
    }
}

fn stream_props(role: Role) -> protocol::Props {
    let mut props = protocol::Props::new();
    props.set(protocol::Prop::MediaName, role.media_name());
    if let Ok(role) = CString::new("event") {
        props.set(protocol::Prop::MediaRole, role.as_c_str());
    }
    props
}

/// What the feed (reactor thread) and the stream's handle share.
#[derive(Default)]
struct Feed {
    /// The reactor's waker, left by a feed that had nothing to send.
    waker: Mutex<Option<Waker>>,
    /// True while the feed waits for a sound (nothing to play, nothing sent).
    waiting: AtomicBool,
    /// Requests served so far (a waiting feed counts as progressing: see `callbacks`).
    callbacks: AtomicU64,
    /// The stream ended without being closed by us.
    lost: AtomicBool,
    /// Closed by us (the watch thread then reports nothing).
    closed: AtomicBool,
    /// Held by [`OutputStream::drop_queued`] from before the flush is sent: the feed renders
    /// nothing until the mixer has gone back to where the server stopped.
    held: AtomicBool,
    /// The flush under way, resolved by the feed itself (on the client's thread, which the
    /// answers reach first), so the new samples follow the answer without another thread's
    /// wake-up: the server's own buffer beyond its queue is short (0.5 ms on a null sink).
    dropping: Mutex<Option<Dropping>>,
    /// Bytes sent to the server, less those it threw away: the server's write index.
    sent: AtomicU64,
    /// A flush went unanswered: `sent` may not be the server's index until the next answer.
    miscounted: AtomicBool,
    /// Bytes per frame of the stream.
    frame_bytes: u64,
}

impl Feed {
    /// Requests served, for stall detection: a feed waiting for a sound counts as
    /// progressing, since the server has nothing to ask for then. A feed woken for a sound
    /// no longer waits: until the server asks again, it counts as stalled.
    fn progress(&self) -> u64 {
        if self.waiting.load(Ordering::Relaxed) {
            return self.callbacks.fetch_add(1, Ordering::Relaxed) + 1;
        }
        self.callbacks.load(Ordering::Relaxed)
    }

    /// Resolves a flush under way, from the feed: false while its answers are awaited (the
    /// feed renders nothing then). Once they are in, the mixer goes back by what the server
    /// threw away, and the feed renders from there.
    fn take_back(&self, cx: &mut Context<'_>) -> bool {
        let mut dropping = self.dropping.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(under_way) = dropping.as_mut() else {
            // Held, the flush not yet handed over.
            return false;
        };
        let answers = match under_way.answers.as_mut().poll(cx) {
            Poll::Ready(answers) => Some(answers),
            Poll::Pending if under_way.since.elapsed() < DROP_TIMEOUT => return false,
            Poll::Pending => None,
        };
        let Some(under_way) = dropping.take() else {
            return false;
        };
        drop(dropping);
        self.held.store(false, Ordering::SeqCst);
        match answers {
            Some((Ok(()), Ok(timing))) => {
                let sent = self.sent.load(Ordering::SeqCst);
                let kept = u64::try_from(timing.write_offset).unwrap_or(0);
                self.sent.store(kept, Ordering::SeqCst);
                if self.miscounted.swap(false, Ordering::SeqCst) || kept > sent {
                    // What the server threw away is not known: the mixer renders on.
                    tracing::debug!(sent, kept, "a flush with the stream's count unknown");
                } else {
                    let frames = (sent - kept) / self.frame_bytes.max(1);
                    (under_way.go_back)(usize::try_from(frames).unwrap_or(0));
                }
            }
            Some((flushed, timing)) => {
                self.miscounted.store(true, Ordering::SeqCst);
                tracing::debug!(?flushed, ?timing, "the queue was not thrown away");
            }
            None => {
                self.miscounted.store(true, Ordering::SeqCst);
                tracing::debug!("the server did not answer the flush in time");
            }
        }
        true
    }

    /// Wakes a waiting feed: its stream has a request of the server pending, so the
    /// reactor asks the feed again at once. A stream the server has dropped without a word
    /// to us (`pactl`'s or `pacmd`'s kill of the sink input: the client library ignores the
    /// server's notice) is never asked again, and shows as stalled.
    fn wake(&self) {
        let waker = self
            .waker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(waker) = waker {
            self.waiting.store(false, Ordering::Relaxed);
            waker.wake();
        }
    }
}

/// Renders the device's mix for each request of the server.
struct Source {
    render: RenderFn,
    format: StreamFormat,
    scratch: Vec<f32>,
    feed: Arc<Feed>,
}

impl PlaybackSource for Source {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<usize> {
        let this = self.get_mut();
        let channels = usize::from(this.format.channels).max(1);
        let frame_bytes = channels * SAMPLE_BYTES;
        let frames = buf.len() / frame_bytes;
        if frames == 0 {
            // Never answer 0 (that ends the stream); a request is whole frames anyway.
            buf.fill(0);
            return Poll::Ready(buf.len());
        }
        // The waker is left before the mixer is asked, so a sound queued after the mixer
        // said "nothing" finds it (the audio thread queues, then wakes).
        *this
            .feed
            .waker
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(cx.waker().clone());
        if this.feed.held.load(Ordering::SeqCst) && !this.feed.take_back(cx) {
            return Poll::Pending;
        }
        this.scratch.clear();
        this.scratch.resize(frames * channels, 0.0);
        if !(this.render)(&mut this.scratch, this.format) {
            this.feed.waiting.store(true, Ordering::Relaxed);
            return Poll::Pending;
        }
        this.feed.waiting.store(false, Ordering::Relaxed);
        this.feed.callbacks.fetch_add(1, Ordering::Relaxed);
        for (bytes, sample) in buf.chunks_exact_mut(SAMPLE_BYTES).zip(&this.scratch) {
            bytes.copy_from_slice(&sample.to_le_bytes());
        }
        let sent = frames * frame_bytes;
        this.feed.sent.fetch_add(sent as u64, Ordering::SeqCst);
        Poll::Ready(sent)
    }
}

struct PulseStream {
    /// Kept so the connection outlives the stream.
    _client: Client,
    stream: PlaybackStream,
    format: StreamFormat,
    feed: Arc<Feed>,
}

impl OutputStream for PulseStream {
    fn format(&self) -> StreamFormat {
        self.format
    }
    fn is_lost(&self) -> bool {
        self.feed.lost.load(Ordering::Relaxed)
    }
    fn callbacks(&self) -> u64 {
        self.feed.progress()
    }
    fn resume(&self) {
        self.feed.wake();
    }
    /// Holds the feed, asks the server to throw away the stream's queue (`pa_stream_flush`)
    /// and, in the same breath, where its write index is then: what we sent past it was
    /// thrown away. The feed waits for the answers; the mixer goes back that far and the
    /// feed renders at once (see [`Feed::take_back`]). The flush leaves the server's read
    /// index where it was, so what it plays next follows what it played: for every other
    /// listener, the same sound from the same sample.
    fn drop_queued(&self, go_back: GoBack) {
        let feed = &self.feed;
        feed.held.store(true, Ordering::SeqCst);
        let stream = self.stream.clone();
        let mut answers: Pin<Box<dyn Future<Output = Answers> + Send>> =
            Box::pin(async move { futures::join!(stream.flush(), stream.timing_info()) });
        // The first poll sends both requests (never under the feed's lock: sending takes
        // the client's, which its thread holds while it asks the feed).
        let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
        let early = answers.as_mut().poll(&mut Context::from_waker(&waker));
        *feed.dropping.lock().unwrap_or_else(PoisonError::into_inner) = Some(Dropping {
            answers: match early {
                Poll::Ready(done) => Box::pin(std::future::ready(done)),
                Poll::Pending => answers,
            },
            go_back,
            since: Instant::now(),
        });
        feed.wake();
    }
}

impl Drop for PulseStream {
    fn drop(&mut self) {
        self.feed.closed.store(true, Ordering::Relaxed);
        // Queue the delete without waiting for the answer (the server may be gone); it also
        // ends the watch thread.
        let _ = self.stream.clone().delete().now_or_never();
    }
}

/// Wakes a parked thread.
struct Unpark(std::thread::Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` on this thread for at most `limit`; `None` if it did not finish by then.
fn wait<F: Future>(future: F, limit: Duration) -> Option<F::Output> {
    let deadline = Instant::now() + limit;
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return Some(out);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        std::thread::park_timeout(left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    struct Count(AtomicUsize);

    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// A source whose mixer plays while `playing` is set, writing 0.5 in every sample.
    fn source(playing: Arc<AtomicBool>) -> (Source, Arc<Feed>) {
        // Stereo f32: 8 bytes a frame.
        let feed = Arc::new(Feed {
            frame_bytes: 8,
            ..Feed::default()
        });
        let render: RenderFn = Box::new(move |out: &mut [f32], _| {
            let on = playing.load(Ordering::SeqCst);
            out.fill(if on { 0.5 } else { 0.0 });
            on
        });
        let format = StreamFormat {
            channels: 2,
            rate: 48_000,
        };
        let source = Source {
            render,
            format,
            scratch: Vec::new(),
            feed: feed.clone(),
        };
        (source, feed)
    }

    #[test]
    fn feed_waits_while_nothing_plays_and_sends_once_woken() {
        let playing = Arc::new(AtomicBool::new(false));
        let (mut source, feed) = source(playing.clone());
        let woken = Arc::new(Count(AtomicUsize::new(0)));
        let waker = Waker::from(woken.clone());
        let mut cx = Context::from_waker(&waker);
        let mut buf = vec![0u8; 16 * 8];

        let idle = Pin::new(&mut source).poll_read(&mut cx, &mut buf);
        assert_eq!(idle, Poll::Pending, "nothing to play: nothing sent");
        let before = feed.progress();
        assert!(
            feed.progress() > before,
            "a waiting feed is not a stalled stream"
        );

        playing.store(true, Ordering::SeqCst);
        feed.wake();
        assert_eq!(woken.0.load(Ordering::SeqCst), 1, "the reactor was woken");

        let sent = Pin::new(&mut source).poll_read(&mut cx, &mut buf);
        assert_eq!(sent, Poll::Ready(buf.len()));
        assert_eq!(
            &buf[..4],
            &0.5f32.to_le_bytes(),
            "little-endian f32 samples"
        );
        assert!(!feed.waiting.load(Ordering::SeqCst));
    }

    /// The fault: a stream killed at the server (`pacmd kill-sink-input`) while its feed
    /// waited was never asked for samples again, yet a waiting feed counted as progressing, so
    /// the device never took it for lost: every later sound queued for it went nowhere (White's
    /// clicks, after his cue stream was killed during a test). Once woken for a sound, a feed
    /// the server does not ask again stops progressing, and the device's stall check finds it.
    #[test]
    fn a_killed_stream_woken_for_a_sound_shows_as_stalled() {
        let playing = Arc::new(AtomicBool::new(false));
        let (mut source, feed) = source(playing.clone());
        let waker = Waker::from(Arc::new(Count(AtomicUsize::new(0))));
        let mut cx = Context::from_waker(&waker);
        let mut buf = vec![0u8; 16 * 8];
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut buf),
            Poll::Pending
        );
        playing.store(true, Ordering::SeqCst);
        feed.wake();
        // The server never asks again: no poll_read.
        let woken_at = feed.progress();
        assert_eq!(
            feed.progress(),
            woken_at,
            "a woken feed not asked again is not progressing"
        );
        // A live stream is asked at once, and progresses.
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut buf),
            Poll::Ready(buf.len())
        );
        assert!(feed.progress() > woken_at);
    }

    /// A cut (issue 37, item 6): the feed renders nothing until the server has answered the
    /// flush, then makes the mixer go back by what the server threw away (what was sent past
    /// its write index), and renders at once.
    #[test]
    fn a_cut_renders_only_after_going_back_by_what_the_server_threw_away() {
        let (mut source, feed) = source(Arc::new(AtomicBool::new(true)));
        let waker = Waker::from(Arc::new(Count(AtomicUsize::new(0))));
        let mut cx = Context::from_waker(&waker);
        let mut buf = vec![0u8; 100 * 8];
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut buf),
            Poll::Ready(800)
        );
        let went_back = Arc::new(AtomicUsize::new(usize::MAX));
        let answer: Arc<Mutex<Option<Answers>>> = Arc::new(Mutex::new(None));
        let (seen, asked) = (went_back.clone(), answer.clone());
        feed.held.store(true, Ordering::SeqCst);
        *feed.dropping.lock().unwrap_or_else(PoisonError::into_inner) = Some(Dropping {
            answers: Box::pin(std::future::poll_fn(move |_| {
                match asked.lock().unwrap_or_else(PoisonError::into_inner).take() {
                    Some(answers) => Poll::Ready(answers),
                    None => Poll::Pending,
                }
            })),
            go_back: Box::new(move |frames| seen.store(frames, Ordering::SeqCst)),
            since: Instant::now(),
        });
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut buf),
            Poll::Pending,
            "nothing rendered before the server's answer"
        );
        assert_eq!(went_back.load(Ordering::SeqCst), usize::MAX);
        let now = std::time::SystemTime::now();
        let timing = protocol::PlaybackLatency {
            sink_usec: 500,
            source_usec: 0,
            playing: true,
            local_time: now,
            remote_time: now,
            // The server had played (taken) 30 of the 100 frames sent.
            write_offset: 30 * 8,
            read_offset: 30 * 8,
            underrun_for: 0,
            playing_for: 0,
        };
        *answer.lock().unwrap_or_else(PoisonError::into_inner) = Some((Ok(()), Ok(timing)));
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut buf),
            Poll::Ready(800)
        );
        assert_eq!(
            went_back.load(Ordering::SeqCst),
            70,
            "the 70 frames thrown away"
        );
        assert_eq!(feed.sent.load(Ordering::SeqCst), 30 * 8 + 800);
        assert!(!feed.held.load(Ordering::SeqCst));
    }

    #[test]
    fn feed_never_answers_zero_bytes() {
        let (mut source, _) = source(Arc::new(AtomicBool::new(true)));
        let waker = Waker::from(Arc::new(Count(AtomicUsize::new(0))));
        let mut cx = Context::from_waker(&waker);
        let mut short = vec![1u8; 3];
        // Zero would end the stream; less than a frame is answered with silence.
        assert_eq!(
            Pin::new(&mut source).poll_read(&mut cx, &mut short),
            Poll::Ready(3)
        );
        assert_eq!(short, vec![0u8; 3]);
    }

    #[test]
    fn wait_gives_up_on_a_server_that_never_answers() {
        let started = Instant::now();
        assert_eq!(
            wait(std::future::pending::<()>(), Duration::from_millis(30)),
            None
        );
        assert!(started.elapsed() >= Duration::from_millis(30));
        assert_eq!(wait(async { 7 }, Duration::from_millis(30)), Some(7));
    }

    /// The fault: the speech stream kept two periods queued and was asked for one at a time,
    /// so it had 20 ms to answer each request, and on a busy machine the server's main thread
    /// relayed it later than that whenever the cue stream beside it opened or closed (a gap
    /// in a readout). The speech queue now leaves 30 ms, and keeps the device's own buffer at
    /// its shortest (request = half the queue); the cue stream's stays as it was.
    #[test]
    fn the_speech_queue_leaves_time_to_answer_and_no_device_buffer() {
        let period = 960 * 8;
        let (target, asked) = Role::Speech.queue(period);
        assert_eq!((target, asked), (3 * period, 3 * period / 2));
        assert_eq!(Role::Cues.queue(period), (2 * period, period));
        for role in [Role::Speech, Role::Cues] {
            let (target, asked) = role.queue(period);
            // What is left when the server asks, in ms at 48 kHz stereo f32.
            let left_ms = (target - asked) / 8 * 1_000 / 48_000;
            let wanted = if role == Role::Speech { 30 } else { 20 };
            assert_eq!(left_ms, wanted, "{role:?}");
            assert!(
                target <= 2 * asked,
                "{role:?}: a device buffer would be left"
            );
        }
    }

    #[test]
    fn channel_maps_follow_alsa_order() {
        assert_eq!(channel_map(1), ChannelMap::new([ChannelPosition::Mono]));
        assert_eq!(
            channel_map(4),
            ChannelMap::new([
                ChannelPosition::FrontLeft,
                ChannelPosition::FrontRight,
                ChannelPosition::RearLeft,
                ChannelPosition::RearRight,
            ])
        );
        assert_eq!(
            channel_map(3),
            ChannelMap::new([
                ChannelPosition::FrontLeft,
                ChannelPosition::FrontRight,
                ChannelPosition::FrontCenter,
            ])
        );
        use ChannelPosition::*;
        let six = [FrontLeft, FrontRight, RearLeft, RearRight, FrontCenter, Lfe];
        assert_eq!(channel_map(6), ChannelMap::new(six));
        assert_eq!(
            channel_map(7),
            ChannelMap::new(six.into_iter().chain([RearCenter]))
        );
        assert_eq!(
            channel_map(8),
            ChannelMap::new(six.into_iter().chain([SideLeft, SideRight]))
        );
    }
}
