//! Cues on a stream of their own: where the backend can open a second stream on a device
//! (PulseAudio mixes it with the first), a click goes there, so it never waits behind the
//! speech the first stream has queued; where it cannot, the click plays on the first stream
//! as before. A backend that keeps each stream's render function stands in for the sound
//! server here, so each stream's samples can be read; `tests/audio_pulse_realtime.rs` plays
//! both streams on a real PulseAudio. The same backend checks `AudioOut::handed_over`, which
//! tells a caller that what it asked for is in the mixers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use talkclock::audio::{
    AudioConfig, AudioError, AudioOut, OutputBackend, OutputStream, Pcm, Priority, RenderFn,
    StreamFormat, StreamRequest, IDLE_AFTER,
};
use talkclock::hearing::{Cue, Listener};

const FORMAT: StreamFormat = StreamFormat {
    channels: 2,
    rate: 48_000,
};

type Kept = Arc<Mutex<Vec<Arc<Mutex<RenderFn>>>>>;

/// Keeps the render functions of the streams it opens, first streams and second ones apart.
struct Server {
    first: Kept,
    beside: Kept,
    /// Whether a second stream can be opened.
    shares: bool,
}

/// A stream that never stalls (its callback count always moves) and plays nothing by itself.
struct Held(AtomicU64);

impl OutputStream for Held {
    fn format(&self) -> StreamFormat {
        FORMAT
    }
    fn is_lost(&self) -> bool {
        false
    }
    fn callbacks(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

fn keep(kept: &Kept, render: RenderFn) -> Result<Box<dyn OutputStream>, AudioError> {
    kept.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(Arc::new(Mutex::new(render)));
    Ok(Box::new(Held(AtomicU64::new(0))))
}

impl OutputBackend for Server {
    fn open(
        &self,
        _request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError> {
        keep(&self.first, render)
    }
    fn opens_beside(&self) -> bool {
        true
    }
    fn open_beside(
        &self,
        request: &StreamRequest,
        render: RenderFn,
    ) -> Result<Box<dyn OutputStream>, AudioError> {
        if !self.shares {
            return Err(AudioError::Stream {
                device: request.device.clone(),
                reason: "no sound server here".into(),
            });
        }
        keep(&self.beside, render)
    }
}

/// Peak of each channel over one 20 ms buffer of the newest stream in `kept` (none: zeros).
fn peaks(kept: &Kept) -> [f32; 2] {
    let newest = kept
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .last()
        .cloned();
    let Some(render) = newest else {
        return [0.0; 2];
    };
    let mut out = vec![0.0f32; 2 * 960];
    (render.lock().unwrap_or_else(PoisonError::into_inner))(&mut out, FORMAT);
    let mut peak = [0.0f32; 2];
    for frame in out.chunks_exact(2) {
        for (p, s) in peak.iter_mut().zip(frame) {
            *p = p.max(s.abs());
        }
    }
    peak
}

/// Plays both streams out (as the server would), so that shutting down finds nothing queued.
fn finish(audio: &AudioOut, server: &Server) {
    assert!(wait_until(Duration::from_secs(2), || {
        peaks(&server.first) == [0.0; 2] && peaks(&server.beside) == [0.0; 2]
    }));
    audio.shutdown();
}

fn count(kept: &Kept) -> usize {
    kept.lock().unwrap_or_else(PoisonError::into_inner).len()
}

fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// Starts the audio (White on the left channel, Black on the right) and waits for its
/// first stream; returns it with the server.
fn start(shares: bool) -> (AudioOut, Arc<Server>) {
    let server = Arc::new(Server {
        first: Kept::default(),
        beside: Kept::default(),
        shares,
    });
    let audio = AudioOut::with_backend(AudioConfig::stereo_pair("default"), server.clone())
        .expect("audio starts");
    assert!(wait_until(Duration::from_secs(2), || count(&server.first) > 0));
    (audio, server)
}

/// Black hears speech (0.2 s of a steady 0.25), then White presses: his click.
fn speech_then_click(audio: &AudioOut, server: &Server) {
    let speech = Pcm::new(48_000, vec![0.25f32; 9_600]);
    audio.speak(Listener::Black, speech, Priority::Readout);
    assert!(
        wait_until(Duration::from_secs(2), || peaks(&server.first)[1] > 0.1),
        "Black's speech reached the first stream"
    );
    audio.cue(Listener::White, Cue::Click);
}

#[test]
fn a_click_during_speech_does_not_queue_behind_it() {
    let (audio, server) = start(true);
    assert!(wait_until(Duration::from_secs(2), || count(&server.beside) > 0));
    speech_then_click(&audio, &server);
    let mut heard = [0.0f32; 2];
    assert!(
        wait_until(Duration::from_secs(2), || {
            heard = peaks(&server.beside);
            heard[0] > 0.01
        }),
        "White's click came on the second stream"
    );
    assert_eq!(heard[1], 0.0, "nothing of Black's on the second stream");
    // The first stream goes on with Black's speech and has no click for White.
    let first = peaks(&server.first);
    assert!(first[1] > 0.1, "Black's speech goes on: {first:?}");
    assert_eq!(
        first[0], 0.0,
        "the click was played once, not on the first stream too"
    );
    finish(&audio, &server);
}

#[test]
fn cues_play_on_the_first_stream_where_no_second_opens() {
    let (audio, server) = start(false);
    speech_then_click(&audio, &server);
    assert!(
        wait_until(Duration::from_secs(2), || peaks(&server.first)[0] > 0.01),
        "White's click came on the first stream"
    );
    assert_eq!(count(&server.beside), 0);
    finish(&audio, &server);
}

/// The fault: the cue stream rested (was closed) 0.3 s after White's click while Black's
/// readout still played beside it, and on a busy machine the close held up the readout's next
/// period at the sound server: Black heard his readout break off for a moment. Now the stream
/// beside stays open while the first one has sound: White's second click, a second after the
/// first, comes on the same cue stream, not on one reopened for it.
#[test]
fn the_cue_stream_never_rests_while_the_others_readout_plays() {
    let (audio, server) = start(true);
    // Two seconds of Black's readout, queued; nobody renders the first stream here, so it
    // stays queued for as long as the test lasts.
    let readout = Pcm::new(48_000, vec![0.25f32; 96_000]);
    audio.speak(Listener::Black, readout, Priority::Readout);
    audio.cue(Listener::White, Cue::Click);
    assert!(
        wait_until(Duration::from_secs(2), || peaks(&server.beside)[0] > 0.01),
        "White's click came on the cue stream"
    );
    assert!(
        wait_until(Duration::from_secs(2), || peaks(&server.beside) == [0.0; 2]),
        "the click played out"
    );
    // Longer than a rest takes (IDLE_AFTER, 0.3 s, found by a check every 0.25 s).
    std::thread::sleep(IDLE_AFTER + Duration::from_millis(700));
    audio.cue(Listener::White, Cue::Click);
    assert!(audio.handed_over(Duration::from_secs(2)));
    assert_eq!(
        count(&server.beside),
        1,
        "the cue stream was closed and reopened during Black's readout"
    );
    assert!(
        peaks(&server.beside)[0] > 0.01,
        "White's second click on the same cue stream"
    );
    finish(&audio, &server);
}

/// `handed_over` answers only once the sounds asked for before it are in the mixers, so the
/// very next buffer a stream renders plays them; a stopped audio thread answers no.
#[test]
fn handed_over_means_the_next_buffer_plays_it() {
    let (audio, server) = start(false);
    let speech = Pcm::new(48_000, vec![0.25f32; 9_600]);
    audio.speak(Listener::White, speech, Priority::Readout);
    assert!(
        audio.handed_over(Duration::from_secs(2)),
        "the thread answers"
    );
    let first = peaks(&server.first);
    assert!(
        first[0] > 0.1,
        "the next buffer plays White's speech: {first:?}"
    );
    finish(&audio, &server);
    assert!(
        !audio.handed_over(Duration::from_millis(200)),
        "a stopped audio thread does not answer"
    );
}
