//! One output device's lifecycle on the audio thread: its mixer, its stream, noticing loss
//! (error callback or stalled callbacks) and reopening in the background. Opening runs on
//! a short-lived thread so a slow or hung sound server never holds up the other devices.
//!
//! A stream with nothing to play for [`IDLE_AFTER`] is closed, so that no callback (and no
//! sound-server client) runs on silence; the next sound is queued in the mixer first and then
//! the stream reopened, so it plays from its first sample. A stream closed by us still counts
//! as open; one that cannot be reopened is a lost device like any other. Closing, not
//! pausing: a paused (corked) PulseAudio stream kept its client polling (0.4 % of a core) and
//! kept a buffer of silence to play before the next sound, where a new stream starts empty
//! (see `docs/perf/2026-11-30-0f15f29-audio-idle.md`). Before it closes, a PulseAudio stream with
//! nothing to play stops asking for samples (`pulse.rs`) and [`DeviceOutput::wake`] restarts
//! it, so a sound after a short quiet does not wait behind queued silence either.
//!
//! A stream the device lets go (closed while idle, lost, or shut down) never takes sound from
//! the mixer again, even if its server still asks it for samples before the close arrives:
//! the sound queued next is for the stream that follows, from its first sample.
//!
//! Where a device has a second stream beside its first (the cues'), the two rest together:
//! neither is closed while the other has sound to play. A close is work for the sound
//! server, and on a busy machine it held up the other stream's next period long enough for a
//! readout to fall silent for a moment
//! (`docs/perf/2026-12-02-cd11bde-readout-gap-beside-click.md`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, TryRecvError};

use crate::audio::backend::{OutputBackend, OutputStream, StreamFormat, StreamRequest};
use crate::audio::error::AudioError;
use crate::audio::mixer::DeviceMixer;
use crate::hearing::Listener;

/// A stream whose callback has not run for this long is treated as lost.
const STALL_LIMIT: Duration = Duration::from_secs(3);
/// First delay before reopening; doubles up to `MAX_RETRY`.
const FIRST_RETRY: Duration = Duration::from_millis(500);
const MAX_RETRY: Duration = Duration::from_secs(5);
/// An open attempt taking longer than this is reported (once) as hung.
const OPEN_HUNG: Duration = Duration::from_secs(10);
/// A stream with nothing to play for this long is closed (and reopened by the next sound);
/// never sooner than the device's tail (`DeviceOutput::tail`), the time for what the stream
/// already took to reach the device, so the end of the last sound is never cut. A cpal stream
/// (ALSA) that keeps running plays its buffer of silence (two periods: 40 ms at the default
/// 960 frames) before a new sound, where a new stream starts with the sound; a PulseAudio
/// stream stops feeding silence as soon as nothing plays, so there both come in 2–5 ms.
/// Closing then saves the connection and its threads. Longer than the gaps inside one burst
/// of sound (a click and its readout, a warning queued behind a readout), so one burst keeps
/// one stream. Reopening costs a
/// connection to the sound server, a few ms on the audio thread's helper, and the sound is
/// queued first, so it plays from its first sample.
pub const IDLE_AFTER: Duration = Duration::from_millis(300);

/// Whether a device's stream runs, or rests because nothing has played for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rest {
    /// Running (or not open at all: lost, or opening for the first time).
    Awake,
    /// Closed by us while idle; reopened by the next sound, counted as open meanwhile.
    Closed,
}

/// Per-listener "something was playing at the end of the last buffer", written by the
/// device callbacks, read by [`crate::audio::AudioOut::is_playing`].
#[derive(Default)]
pub(crate) struct Activity([AtomicBool; 3]);

impl Activity {
    pub(crate) fn flag(&self, listener: Listener) -> &AtomicBool {
        match listener {
            Listener::White => &self.0[0],
            Listener::Black => &self.0[1],
            // Routes are per ear; `All` never has one of its own.
            Listener::Arbiter | Listener::All => &self.0[2],
        }
    }
}

/// Locks a mixer, ignoring poisoning (a panicked callback must not silence the clock).
pub(crate) fn lock(mixer: &Mutex<DeviceMixer>) -> MutexGuard<'_, DeviceMixer> {
    mixer.lock().unwrap_or_else(PoisonError::into_inner)
}

type OpenResult = Result<Box<dyn OutputStream>, AudioError>;

/// One output device.
pub(crate) struct DeviceOutput {
    request: StreamRequest,
    mixer: Arc<Mutex<DeviceMixer>>,
    activity: Arc<Activity>,
    stream: Option<Box<dyn OutputStream>>,
    opening: Option<(Receiver<OpenResult>, Instant, bool)>,
    last_callbacks: u64,
    last_progress: Instant,
    next_retry: Instant,
    retry_delay: Duration,
    failures: u32,
    /// The stream has opened at least once (a device that never opened is told to the
    /// listeners by the daemon, "no audio output": its first failure is only logged as info).
    opened_once: bool,
    rest: Rest,
    /// Since when the mixer has had nothing to play (while awake and open).
    idle_since: Option<Instant>,
    /// The number of the stream that may take sound from the mixer. Each render function is
    /// made for one stream and renders only while this holds its number; it changes, under
    /// the mixer's lock, whenever the device lets a stream go. A stream being closed may still
    /// be asked for samples by its server until the close reaches it (a PulseAudio stream's
    /// own client thread does), and must not take the sound queued for the next stream.
    current: Arc<AtomicU64>,
    /// A second stream on the device, beside its first (see [`DeviceOutput::beside`]).
    beside: bool,
}

impl DeviceOutput {
    pub(crate) fn new(request: StreamRequest, mixer: DeviceMixer, activity: Arc<Activity>) -> Self {
        let now = Instant::now();
        DeviceOutput {
            request,
            mixer: Arc::new(Mutex::new(mixer)),
            activity,
            stream: None,
            opening: None,
            last_callbacks: 0,
            last_progress: now,
            next_retry: now,
            retry_delay: FIRST_RETRY,
            failures: 0,
            opened_once: false,
            rest: Rest::Awake,
            idle_since: None,
            current: Arc::new(AtomicU64::new(0)),
            beside: false,
        }
    }

    /// A second output on the device of `request`, opened with
    /// [`OutputBackend::open_beside`]: the sound server mixes it with the device's first
    /// stream, so what it plays (the cues) never waits behind the first one's queue. What it
    /// cannot open is logged at debug level only: the first stream plays its sounds then.
    pub(crate) fn beside(
        request: StreamRequest,
        mixer: DeviceMixer,
        activity: Arc<Activity>,
    ) -> Self {
        DeviceOutput {
            beside: true,
            ..DeviceOutput::new(request, mixer, activity)
        }
    }

    /// True when a sound queued now will be played: the stream is open, or closed while idle
    /// and reopened by [`DeviceOutput::wake`].
    pub(crate) fn is_available(&self) -> bool {
        self.stream.is_some() || self.rest == Rest::Closed
    }

    pub(crate) fn mixer(&self) -> MutexGuard<'_, DeviceMixer> {
        lock(&self.mixer)
    }

    pub(crate) fn is_open(&self) -> bool {
        self.stream.is_some()
    }

    pub(crate) fn is_opening(&self) -> bool {
        self.opening.is_some()
    }

    /// True when nothing is left to play on an open stream (or one being reopened for it).
    pub(crate) fn is_drained(&self) -> bool {
        let coming = self.stream.is_some() || self.rest == Rest::Closed;
        !coming || self.mixer().is_idle()
    }

    /// Call after queuing sound in the mixer: wakes a running stream that stopped asking for
    /// samples while there was nothing to play, and starts reopening a stream closed while
    /// idle, so the sound plays from its first sample (a device that cannot be reopened is reported
    /// lost by [`DeviceOutput::poll`] when the open fails).
    pub(crate) fn wake(&mut self, backend: &Arc<dyn OutputBackend>) {
        if let Some(stream) = &self.stream {
            stream.resume();
        }
        self.idle_since = None;
        if self.rest == Rest::Closed && self.opening.is_none() {
            self.start_open(backend, Instant::now());
        }
    }

    /// Speech was cut on this output: its stream throws away what the server has queued and
    /// not played (the cut speech, up to 60 ms on PulseAudio), and the mixer goes back to
    /// where the server stopped, so the cut and what follows it play from there.
    pub(crate) fn drop_queued(&self) {
        if let Some(stream) = &self.stream {
            let mixer = self.mixer.clone();
            stream.drop_queued(Box::new(move |frames| {
                lock(&mixer).go_back(frames);
            }));
        }
    }

    /// True while the mixer has sound queued or playing.
    pub(crate) fn has_sound(&self) -> bool {
        !self.mixer().is_idle()
    }

    /// Closes a stream that has had nothing to play for [`IDLE_AFTER`] (or its
    /// [`DeviceOutput::tail`], if longer) while the device's other stream had nothing either
    /// (`other_sounding` false).
    fn rest_if_idle(&mut self, now: Instant, other_sounding: bool) {
        if self.rest != Rest::Awake || self.opening.is_some() || self.stream.is_none() {
            self.idle_since = None;
            return;
        }
        if other_sounding || self.has_sound() {
            self.idle_since = None;
            return;
        }
        let since = *self.idle_since.get_or_insert(now);
        if now.duration_since(since) >= IDLE_AFTER.max(self.tail()) {
            self.idle_since = None;
            drop(self.let_go());
            self.rest = Rest::Closed;
            tracing::debug!(device = %self.request.device, "audio output idle: closed");
        }
    }

    /// Time for what the stream already took to reach the device.
    pub(crate) fn tail(&self) -> Duration {
        let rate = self
            .stream
            .as_ref()
            .map_or(48_000, |s| s.format().rate.max(1));
        Duration::from_millis(
            60 + 3 * u64::from(self.request.buffer_frames) * 1_000 / u64::from(rate),
        )
    }

    /// Lets the stream (and any open in progress) go: from now on neither takes sound from
    /// the mixer. Returns the stream, for the caller to drop.
    fn let_go(&mut self) -> Option<Box<dyn OutputStream>> {
        {
            // Under the lock: a render running now finishes first, and every later one of
            // the old stream finds its number out of date.
            let _mixer = self.mixer();
            self.current.fetch_add(1, Ordering::Relaxed);
        }
        self.opening = None;
        self.stream.take()
    }

    /// Checks the stream and the open in progress, and rests an idle stream unless the
    /// device's other stream has sound (`other_sounding`); returns +1 / -1 when the device
    /// became open / closed, 0 otherwise.
    pub(crate) fn poll(&mut self, backend: &Arc<dyn OutputBackend>, other_sounding: bool) -> i32 {
        self.poll_at(backend, Instant::now(), other_sounding)
    }

    /// [`DeviceOutput::poll`] as of `now`.
    fn poll_at(
        &mut self,
        backend: &Arc<dyn OutputBackend>,
        now: Instant,
        other_sounding: bool,
    ) -> i32 {
        let mut change = 0;
        if self.stream_is_dead(now) {
            if self.beside {
                tracing::debug!(device = %self.request.device, "second stream for cues lost; they play on the first");
            } else {
                tracing::error!(device = %self.request.device, "audio output lost; will reopen when it returns");
            }
            drop(self.let_go());
            self.rest = Rest::Awake;
            self.forget_sound();
            self.next_retry = now;
            change -= 1;
        }
        if let Some((rx, started, reported)) = self.opening.as_mut() {
            match rx.try_recv() {
                Ok(result) => {
                    self.opening = None;
                    change += self.opened(result, now);
                }
                Err(TryRecvError::Empty) => {
                    if !*reported && now.duration_since(*started) > OPEN_HUNG {
                        *reported = true;
                        tracing::error!(device = %self.request.device, "opening audio output hangs");
                    }
                }
                Err(TryRecvError::Disconnected) => {
                    self.opening = None;
                    let reason = "open thread panicked".to_owned();
                    let device = self.request.device.clone();
                    change += self.opened(Err(AudioError::Stream { device, reason }), now);
                }
            }
        } else if self.stream.is_none() && self.rest == Rest::Awake && now >= self.next_retry {
            self.start_open(backend, now);
        }
        self.rest_if_idle(now, other_sounding);
        change
    }

    fn stream_is_dead(&mut self, now: Instant) -> bool {
        let Some(stream) = &self.stream else {
            return false;
        };
        let callbacks = stream.callbacks();
        if callbacks != self.last_callbacks {
            self.last_callbacks = callbacks;
            self.last_progress = now;
        }
        stream.is_lost() || now.duration_since(self.last_progress) > STALL_LIMIT
    }

    fn start_open(&mut self, backend: &Arc<dyn OutputBackend>, now: Instant) {
        let mixer = self.mixer.clone();
        let activity = self.activity.clone();
        let current = self.current.clone();
        let mine = current.load(Ordering::Relaxed);
        let mut raised = false;
        let render = Box::new(move |out: &mut [f32], fmt: StreamFormat| {
            if !raised {
                // The first call runs on the stream's own thread (cpal's callback thread, or
                // the PulseAudio client's): it feeds the server ahead of ordinary work.
                raised = true;
                if let Err(why) =
                    crate::realtime::raise_this_thread_to(crate::realtime::AUDIO_PRIORITY)
                {
                    tracing::debug!("the audio output thread stays at ordinary priority: {why}");
                }
            }
            let mut mixer = lock(&mixer);
            if current.load(Ordering::Relaxed) != mine {
                // A stream the device has let go: the sound is for the one after it.
                out.fill(0.0);
                return false;
            }
            let playing = !mixer.is_idle();
            mixer.render(out, usize::from(fmt.channels), fmt.rate);
            for (listener, busy) in mixer.activity() {
                activity.flag(listener).store(busy, Ordering::Relaxed);
            }
            playing
        });
        let (tx, rx) = crossbeam_channel::bounded(1);
        let backend = backend.clone();
        let request = self.request.clone();
        let beside = self.beside;
        let spawned = std::thread::Builder::new()
            .name("talkclock-audio-open".into())
            .spawn(move || {
                let opened = if beside {
                    backend.open_beside(&request, render)
                } else {
                    backend.open(&request, render)
                };
                let _ = tx.send(opened);
            });
        match spawned {
            Ok(_) => self.opening = Some((rx, now, false)),
            Err(e) => {
                tracing::error!("cannot spawn audio open thread: {e}");
                self.next_retry = now + MAX_RETRY;
            }
        }
    }

    /// Takes the result of an open; +1 / -1 when the device became open / was found lost.
    fn opened(&mut self, result: OpenResult, now: Instant) -> i32 {
        // Reopened for a sound after resting: it was counted as open all along.
        let was_resting = std::mem::replace(&mut self.rest, Rest::Awake) == Rest::Closed;
        match result {
            Ok(stream) => {
                // A sound queued while the stream was opening may find it already waiting:
                // it played what was queued before and had nothing more, and the sound's
                // wake had no stream to resume yet. Tell it now.
                stream.resume();
                if self.failures > 0 && !self.beside {
                    tracing::info!(device = %self.request.device, "audio output back");
                }
                self.stream = Some(stream);
                self.opened_once = true;
                self.failures = 0;
                self.retry_delay = FIRST_RETRY;
                self.last_callbacks = 0;
                self.last_progress = now;
                self.idle_since = None;
                i32::from(!was_resting)
            }
            Err(e) if self.beside => {
                if self.mixer().is_idle() {
                    tracing::debug!(device = %self.request.device, "no second stream for cues ({e}); they play on the first");
                } else {
                    // Queued while the stream rested, for it to reopen: lost with it, as the
                    // first stream's sound is when its device goes.
                    tracing::warn!(device = %self.request.device, "a cue was not played: its stream could not reopen ({e}); cues play on the first stream");
                }
                self.failures += 1;
                self.forget_sound();
                self.next_retry = now + MAX_RETRY;
                -i32::from(was_resting)
            }
            Err(e) if was_resting => {
                tracing::error!(device = %self.request.device, "audio output lost ({e}); will reopen when it returns");
                self.forget_sound();
                self.next_retry = now;
                -1
            }
            Err(e) => {
                self.failures += 1;
                if self.failures == 1 && self.opened_once {
                    tracing::warn!("{e}; retrying in the background");
                } else if self.failures == 1 {
                    tracing::info!("{e}; retrying in the background");
                } else {
                    tracing::debug!(attempt = self.failures, "{e}");
                }
                self.forget_sound();
                self.next_retry = now + self.retry_delay;
                self.retry_delay = (self.retry_delay * 2).min(MAX_RETRY);
                0
            }
        }
    }

    /// Drops queued sound (stale by the time the device returns) and clears activity.
    fn forget_sound(&self) {
        let mut mixer = self.mixer();
        mixer.clear();
        for (listener, _) in mixer.activity() {
            self.activity.flag(listener).store(false, Ordering::Relaxed);
        }
    }

    /// Closes the stream; returns true if one was open (or resting closed, counted open).
    pub(crate) fn close(&mut self) -> bool {
        let resting = std::mem::replace(&mut self.rest, Rest::Awake) == Rest::Closed;
        self.let_go().is_some() || resting
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::backend::RenderFn;
    use crate::audio::mixer::Play;
    use crate::audio::voice::Ears;
    use crate::audio::{Pcm, Priority};
    use crate::hearing::Listener;

    /// A backend whose streams never call back on their own: it keeps each stream's render
    /// function for the test to call, as a sound server would.
    #[derive(Default)]
    struct Kept(Mutex<Vec<Arc<Mutex<RenderFn>>>>, Arc<AtomicU64>);

    /// A stream that never calls back; counts the times it was asked to resume.
    struct Still(Arc<AtomicU64>);

    impl OutputStream for Still {
        fn format(&self) -> StreamFormat {
            FORMAT
        }
        fn is_lost(&self) -> bool {
            false
        }
        fn callbacks(&self) -> u64 {
            0
        }
        fn resume(&self) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    const FORMAT: StreamFormat = StreamFormat {
        channels: 1,
        rate: 1_000,
    };

    impl OutputBackend for Kept {
        fn open(
            &self,
            _request: &StreamRequest,
            render: RenderFn,
        ) -> Result<Box<dyn OutputStream>, AudioError> {
            lock_kept(&self.0).push(Arc::new(Mutex::new(render)));
            Ok(Box::new(Still(self.1.clone())))
        }
    }

    fn lock_kept<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
        m.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn device() -> DeviceOutput {
        let request = StreamRequest {
            device: "kept".into(),
            channels: 1,
            sample_rate: 1_000,
            buffer_frames: 10,
        };
        let mixer =
            || DeviceMixer::new(1_000, 1.0, vec![1.0], 1.0, vec![(Listener::White, vec![0])]);
        DeviceOutput::new(request, mixer(), Arc::new(Activity::default()))
    }

    /// Polls at `now` until the open in progress has finished (it runs on a helper thread).
    fn poll_until_open(device: &mut DeviceOutput, backend: &Arc<dyn OutputBackend>, now: Instant) {
        let deadline = Instant::now() + Duration::from_secs(5);
        device.poll_at(backend, now, false);
        while device.is_opening() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
            device.poll_at(backend, now, false);
        }
        assert!(device.is_open(), "the kept backend opened");
    }

    /// A device on a kept backend, opened at `t0` and then rested (its stream closed while
    /// idle); returned with the backend (also as the trait object) and `t0`.
    fn rested() -> (Arc<Kept>, Arc<dyn OutputBackend>, DeviceOutput, Instant) {
        let kept = Arc::new(Kept::default());
        let backend: Arc<dyn OutputBackend> = kept.clone();
        let mut device = device();
        let t0 = Instant::now();
        poll_until_open(&mut device, &backend, t0);
        device.poll_at(&backend, t0 + Duration::from_millis(10), false);
        device.poll_at(&backend, t0 + Duration::from_millis(10) + IDLE_AFTER, false);
        assert!(!device.is_open() && device.rest == Rest::Closed, "rested");
        (kept, backend, device, t0)
    }

    fn render(kept: &Arc<Mutex<RenderFn>>) -> (bool, Vec<f32>) {
        let mut out = vec![9.0; 4];
        let playing = (lock_kept(kept))(&mut out, FORMAT);
        (playing, out)
    }

    /// The fault: a PulseAudio stream closed while idle was still asked for samples by its
    /// server for a moment, and took the first 40 ms of the next sound, queued for the stream
    /// reopened for it (the phrase lost its head; `tests/audio_pulse_realtime.rs`).
    #[test]
    fn a_stream_let_go_never_takes_the_next_sound() {
        let (kept, backend, mut device, t0) = rested();

        let sound = Pcm::new(1_000, vec![0.1, 0.2, 0.3, 0.4, 0.5]);
        device.mixer().speak(
            Listener::White,
            sound,
            Priority::Readout,
            Play::For(Ears::NONE),
        );
        device.wake(&backend);
        let old = lock_kept(&kept.0)[0].clone();
        assert_eq!(
            render(&old),
            (false, vec![0.0; 4]),
            "the closed stream took none of the sound"
        );
        poll_until_open(
            &mut device,
            &backend,
            t0 + Duration::from_millis(20) + IDLE_AFTER,
        );
        let new = lock_kept(&kept.0)[1].clone();
        assert_eq!(
            render(&new),
            (true, vec![0.1, 0.2, 0.3, 0.4]),
            "the reopened stream plays the sound from its first sample"
        );
    }

    /// The fault: a sound queued while a resting stream was being reopened, after the new
    /// stream had already played the sound before it and gone to wait (a PulseAudio stream
    /// stops asking while nothing plays), was never played: its wake found no stream yet to
    /// resume, and nothing resumed the stream once open (a click lost in the bench, with
    /// clicks 50 ms apart on a stream of their own).
    #[test]
    fn a_sound_queued_while_the_stream_opens_is_played() {
        let (kept, backend, mut device, t0) = rested();

        let click = || Pcm::new(1_000, vec![0.5; 4]);
        let queue = |device: &mut DeviceOutput| {
            let ears = Play::For(Ears::NONE);
            device.mixer().cue(Listener::White, click(), ears);
        };
        queue(&mut device);
        device.wake(&backend);
        let deadline = Instant::now() + Duration::from_secs(5);
        while lock_kept(&kept.0).len() < 2 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        let new = lock_kept(&kept.0)[1].clone();
        let (playing, first) = render(&new);
        assert!(
            playing && first.iter().any(|s| *s > 0.1),
            "the first click played"
        );
        let mut rounds = 0;
        while render(&new).0 {
            rounds += 1;
            assert!(rounds < 10, "the click ends");
        }

        queue(&mut device);
        device.wake(&backend);
        let asked = kept.1.load(Ordering::Relaxed);
        poll_until_open(
            &mut device,
            &backend,
            t0 + Duration::from_millis(20) + IDLE_AFTER,
        );
        assert!(
            kept.1.load(Ordering::Relaxed) > asked,
            "the waiting stream was told of the click queued while it opened"
        );
        let (playing, second) = render(&new);
        assert!(
            playing && second.iter().any(|s| *s > 0.1),
            "the second click plays"
        );
    }

    /// The fault: the stream's thread fed the server at ordinary priority, so on a busy
    /// machine the stream ran dry in the middle of a phrase (silences inside speech).
    #[test]
    fn the_stream_thread_feeds_at_audio_priority_where_allowed() {
        use crate::realtime::{raise_this_thread_to, AUDIO_PRIORITY};
        use thread_priority::{
            thread_native_id, thread_schedule_policy_param, RealtimeThreadSchedulePolicy,
            ThreadSchedulePolicy,
        };
        let allowed = std::thread::spawn(|| raise_this_thread_to(AUDIO_PRIORITY).is_ok())
            .join()
            .expect("probe thread");
        let kept = Arc::new(Kept::default());
        let backend: Arc<dyn OutputBackend> = kept.clone();
        let mut device = device();
        poll_until_open(&mut device, &backend, Instant::now());
        let first = lock_kept(&kept.0)[0].clone();
        let (policy, params) = std::thread::spawn(move || {
            render(&first);
            thread_schedule_policy_param(thread_native_id()).expect("own policy")
        })
        .join()
        .expect("stream thread");
        if allowed {
            let fifo = ThreadSchedulePolicy::Realtime(RealtimeThreadSchedulePolicy::Fifo);
            assert_eq!(
                (policy, params.sched_priority),
                (fifo, i32::from(AUDIO_PRIORITY))
            );
        } else {
            assert!(
                matches!(policy, ThreadSchedulePolicy::Normal(_)),
                "{policy:?}"
            );
        }
    }

    /// The fault: a device's cue stream was closed while the speech stream beside it played,
    /// and the close, work for the sound server, held up the readout's next period on a busy
    /// machine (the other player's readout broke off after a click). Neither of a device's
    /// streams rests while the other has sound; they rest once both are quiet.
    #[test]
    fn a_stream_never_rests_while_the_other_beside_it_plays() {
        let kept = Arc::new(Kept::default());
        let backend: Arc<dyn OutputBackend> = kept.clone();
        let mut device = device();
        let t0 = Instant::now();
        poll_until_open(&mut device, &backend, t0);
        // Within the stall limit: the kept stream never calls back.
        for k in 1..=5 {
            device.poll_at(&backend, t0 + IDLE_AFTER * k, true);
        }
        assert!(
            device.is_open() && device.rest == Rest::Awake,
            "kept open while the other stream plays"
        );
        let quiet = t0 + IDLE_AFTER * 6;
        device.poll_at(&backend, quiet, false);
        device.poll_at(&backend, quiet + IDLE_AFTER, false);
        assert!(
            !device.is_open() && device.rest == Rest::Closed,
            "rests once both are quiet"
        );
    }

    #[test]
    fn closing_lets_the_stream_go() {
        let kept = Arc::new(Kept::default());
        let backend: Arc<dyn OutputBackend> = kept.clone();
        let mut device = device();
        poll_until_open(&mut device, &backend, Instant::now());
        device.mixer().speak(
            Listener::White,
            Pcm::new(1_000, vec![0.5; 8]),
            Priority::Readout,
            Play::For(Ears::NONE),
        );
        assert!(device.close(), "it was open");
        let old = lock_kept(&kept.0)[0].clone();
        assert_eq!(render(&old), (false, vec![0.0; 4]));
    }
}
