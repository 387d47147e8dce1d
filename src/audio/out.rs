//! The audio thread and its handle [`AudioOut`]: owns one output stream per device (and,
//! where a sound server mixes them, a second one for the cues, so a click never waits behind
//! the speech the first has queued), routes speech and cues to listeners, rebuilds streams
//! whose device went away.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use crate::audio::backend::{CpalBackend, OutputBackend, StreamRequest};
use crate::audio::config::AudioConfig;
use crate::audio::cue;
use crate::audio::device::{Activity, DeviceOutput};
use crate::audio::error::AudioError;
use crate::audio::headroom;
use crate::audio::mixer::{DeviceMixer, Play};
use crate::audio::types::{Pcm, Priority};
use crate::audio::voice::Ears;
use crate::audio::volume;
use crate::hearing::{Audience, Cue, Listener};

/// How often the thread checks streams when no command arrives.
const SUPERVISE_EVERY: Duration = Duration::from_millis(250);
/// Same, while a device is being opened.
const SUPERVISE_OPENING: Duration = Duration::from_millis(20);
/// Longest wait for queued speech to finish on shutdown.
const DRAIN_LIMIT: Duration = Duration::from_secs(30);

/// What is being played: speech, or a cue (which has a stream of its own where it can).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sound {
    Speech,
    Cue,
}

enum AudioCommand {
    Speak(Audience, Pcm, Priority),
    Cue(Audience, Cue),
    Gain(Listener, f32),
    /// Answered once every command before it has been carried out.
    Handed(Sender<()>),
    Shutdown,
}

/// Handle to the audio thread. Cheap to clone; every call returns at once, except
/// [`AudioOut::handed_over`] and [`AudioOut::shutdown`], which wait for the thread.
#[derive(Clone)]
pub struct AudioOut {
    tx: Sender<AudioCommand>,
    thread: Arc<Mutex<Option<JoinHandle<()>>>>,
    open_streams: Arc<AtomicUsize>,
    wanted_streams: usize,
    activity: Arc<Activity>,
    cue_activity: Arc<Activity>,
    limited: Vec<Arc<AtomicU64>>,
}

impl AudioOut {
    /// Starts the audio thread on the real (cpal) backend. Devices that cannot be opened
    /// now are logged and retried; only an invalid `config` is an error.
    pub fn start(config: AudioConfig) -> Result<AudioOut, AudioError> {
        let backend = Arc::new(CpalBackend::new(config.host));
        AudioOut::with_backend(config, backend)
    }

    /// Starts the audio thread on any backend.
    pub fn with_backend(
        config: AudioConfig,
        backend: Arc<dyn OutputBackend>,
    ) -> Result<AudioOut, AudioError> {
        config.validate()?;
        let (tx, rx) = crossbeam_channel::unbounded();
        let open_streams = Arc::new(AtomicUsize::new(0));
        let wanted_streams = config.devices().len();
        let counter = open_streams.clone();
        let activity = Arc::new(Activity::default());
        let cue_activity = Arc::new(Activity::default());
        let flags = [activity.clone(), cue_activity.clone()];
        let audio = AudioThread::new(config, backend, counter, flags);
        let limited = audio.limited.clone();
        let thread = std::thread::Builder::new()
            .name("talkclock-audio".into())
            .spawn(move || audio.run(&rx))
            .map_err(|e| AudioError::Stream {
                device: "-".into(),
                reason: format!("cannot spawn audio thread: {e}"),
            })?;
        Ok(AudioOut {
            tx,
            thread: Arc::new(Mutex::new(Some(thread))),
            open_streams,
            wanted_streams,
            activity,
            cue_activity,
            limited,
        })
    }

    /// Plays `pcm` to everyone in `to` under the queue policy of `priority`: once on each
    /// device channel, however many of them share it (no louder, no clipping), at the loudest
    /// volume among the listeners that copy serves.
    pub fn speak(&self, to: impl Into<Audience>, pcm: Pcm, priority: Priority) {
        self.send(AudioCommand::Speak(to.into(), pcm, priority));
    }

    /// Plays a cue to everyone in `to` at once, mixed on top of any speech.
    pub fn cue(&self, to: impl Into<Audience>, cue: Cue) {
        self.send(AudioCommand::Cue(to.into(), cue));
    }

    /// Sets `listener`'s volume to `db` decibels relative to the configured level (the
    /// config's `speech_volume` and `cue_volume` still multiply on top). Covers both speech
    /// and cues, for this listener only; `db` is clamped to the volume scale, −18..=+6 dB
    /// (see [`crate::audio::VOLUME_STEP_DB`]), and NaN counts as 0 dB.
    ///
    /// Applies to sound rendered after the audio thread receives it, in order with
    /// [`AudioOut::speak`] and [`AudioOut::cue`]: an utterance already playing continues at
    /// the new level (gliding there over 5 ms, so there is no click). The level outlives lost
    /// and reopened devices. An announcement to several listeners sharing channels (one
    /// speaker for all) is played once there, at the loudest of their levels.
    pub fn set_gain_db(&self, listener: Listener, db: f32) {
        self.send(AudioCommand::Gain(listener, volume::gain_for_db(db)));
    }

    /// True while `listener` has speech or a cue playing (as of the last audio buffer).
    pub fn is_playing(&self, listener: Listener) -> bool {
        self.activity.flag(listener).load(Ordering::Relaxed)
            || self.cue_activity.flag(listener).load(Ordering::Relaxed)
    }

    /// How many output samples the mix bus's limiters had to lower so far (all devices): 0
    /// while sounds do not overlap past the headroom of [`crate::audio::headroom`] (a lone
    /// sound at the configured levels never makes them act).
    pub fn limited_samples(&self) -> u64 {
        self.limited.iter().map(|g| g.load(Ordering::Relaxed)).sum()
    }

    /// True when every configured device has an open stream (one closed by us while nothing
    /// plays counts as open: it is reopened for the next sound).
    pub fn all_devices_open(&self) -> bool {
        self.open_streams.load(Ordering::Relaxed) == self.wanted_streams
    }

    /// Waits (at most `limit`) until the audio thread has handed every sound and volume asked
    /// for so far to its devices' mixers, so that the next buffer any stream renders plays
    /// them. False if the thread did not answer in time, or has stopped.
    pub fn handed_over(&self, limit: Duration) -> bool {
        let (tx, rx) = crossbeam_channel::bounded(1);
        self.send(AudioCommand::Handed(tx));
        rx.recv_timeout(limit).is_ok()
    }

    /// Lets queued speech finish (at most 30 s), then closes the streams and joins the
    /// thread. Idempotent; other clones become no-ops.
    pub fn shutdown(&self) {
        self.send(AudioCommand::Shutdown);
        let handle = self
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(handle) = handle {
            if handle.join().is_err() {
                tracing::error!("audio thread panicked");
            }
        }
    }

    fn send(&self, command: AudioCommand) {
        if self.tx.send(command).is_err() {
            tracing::debug!("audio thread stopped; sound dropped");
        }
    }
}

struct AudioThread {
    backend: Arc<dyn OutputBackend>,
    outputs: Vec<DeviceOutput>,
    /// Per device, where the backend can open one, a second stream for the cues: the sound
    /// server mixes it with the first, so a click never waits behind the speech the first
    /// has queued (three periods, 60 ms). While it is not available, cues play on the first.
    cue_outputs: Vec<Option<DeviceOutput>>,
    routes: HashMap<Listener, (usize, Vec<u16>)>,
    cues: HashMap<Cue, Pcm>,
    open_streams: Arc<AtomicUsize>,
    limited: Vec<Arc<AtomicU64>>,
    limiter_reported: bool,
}

impl AudioThread {
    fn new(
        config: AudioConfig,
        backend: Arc<dyn OutputBackend>,
        open_streams: Arc<AtomicUsize>,
        [activity, cue_activity]: [Arc<Activity>; 2],
    ) -> Self {
        let mut routes = HashMap::new();
        let mut outputs = Vec::new();
        let mut cue_outputs = Vec::new();
        for (index, device) in config.devices().into_iter().enumerate() {
            let device_routes: Vec<_> = config
                .routes
                .iter()
                .filter(|r| r.device == device)
                .map(|r| {
                    routes.insert(r.listener, (index, r.channels.clone()));
                    (r.listener, r.channels.clone())
                })
                .collect();
            // The same bus gains on both streams, and the ceiling shared between them when the
            // cues have a stream of their own: their sum at the server stays below −1 dBFS.
            let (speech_ceiling, cue_ceiling) = headroom::ceilings(
                config.speech_volume,
                config.cue_volume,
                backend.opens_beside(),
            );
            let mixer = |ceiling| {
                DeviceMixer::new(
                    config.sample_rate,
                    config.speech_volume,
                    config.bus_gains(&device),
                    ceiling,
                    device_routes.clone(),
                )
            };
            let request = StreamRequest {
                channels: config.device_channels(&device),
                device: device.clone(),
                sample_rate: config.sample_rate,
                buffer_frames: config.buffer_frames,
            };
            cue_outputs.push(backend.opens_beside().then(|| {
                DeviceOutput::beside(request.clone(), mixer(cue_ceiling), cue_activity.clone())
            }));
            outputs.push(DeviceOutput::new(
                request,
                mixer(speech_ceiling),
                activity.clone(),
            ));
        }
        let limited = outputs
            .iter()
            .chain(cue_outputs.iter().flatten())
            .map(|o| o.mixer().limited())
            .collect();
        let cues = [Cue::Click, Cue::Buzz, Cue::FlagAlarm, Cue::FlagRising]
            .into_iter()
            .map(|c| (c, cue::render(c, config.cue_volume)))
            .collect();
        AudioThread {
            backend,
            outputs,
            cue_outputs,
            routes,
            cues,
            open_streams,
            limited,
            limiter_reported: false,
        }
    }

    fn run(mut self, rx: &Receiver<AudioCommand>) {
        self.supervise();
        loop {
            let wait = if self.all_outputs().any(DeviceOutput::is_opening) {
                SUPERVISE_OPENING
            } else {
                SUPERVISE_EVERY
            };
            match rx.recv_timeout(wait) {
                Ok(AudioCommand::Speak(audience, pcm, priority)) => {
                    let mut cut = Vec::new();
                    self.for_listeners(&audience, Sound::Speech, |m, l, play| {
                        if m.speak(l, pcm.clone(), priority, play) {
                            cut.push(l);
                        }
                    });
                    self.drop_queued(&cut);
                    self.wake(&audience, Sound::Speech);
                }
                Ok(AudioCommand::Cue(audience, cue)) => {
                    if let Some(pcm) = self.cues.get(&cue).cloned() {
                        self.for_listeners(&audience, Sound::Cue, |m, l, play| {
                            m.cue(l, pcm.clone(), play)
                        });
                        self.wake(&audience, Sound::Cue);
                    }
                }
                Ok(AudioCommand::Gain(listener, gain)) => {
                    if let Some((index, _)) = self.routes.get(&listener) {
                        let cue_output = self.cue_outputs.get(*index).and_then(Option::as_ref);
                        for output in self.outputs.get(*index).into_iter().chain(cue_output) {
                            output.mixer().set_gain(listener, gain);
                        }
                    }
                }
                Ok(AudioCommand::Handed(answer)) => {
                    // The asker may have given up waiting; nothing is lost if so.
                    let _ = answer.send(());
                }
                Ok(AudioCommand::Shutdown) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.supervise();
        }
        self.drain();
    }

    /// Calls `f` for each routed ear of `to`. A listener whose channels are all already
    /// covered by an earlier one (e.g. everyone on one speaker) is [`Play::Muted`], so `All` is
    /// not played twice as loud yet every listener's queue policy still applies; the copy
    /// that covers it plays at the louder of their volumes.
    fn for_listeners(
        &self,
        to: &Audience,
        sound: Sound,
        mut f: impl FnMut(&mut DeviceMixer, Listener, Play),
    ) {
        let mut covered: Vec<(usize, u16)> = Vec::new();
        let mut ears: Vec<(Listener, usize, &[u16], bool)> = Vec::new();
        for listener in to.ears() {
            let Some((index, channels)) = self.routes.get(&listener) else {
                tracing::trace!(?listener, "no route; sound dropped");
                continue;
            };
            let muted = channels.iter().all(|&c| covered.contains(&(*index, c)));
            covered.extend(channels.iter().map(|&c| (*index, c)));
            ears.push((listener, *index, channels, muted));
        }
        for &(listener, index, channels, muted) in &ears {
            let Some(output) = self.output_for(index, sound) else {
                continue;
            };
            let play = if muted {
                Play::Muted
            } else {
                let served = ears.iter().filter(|&&(_, other, theirs, muted)| {
                    muted && other == index && theirs.iter().any(|c| channels.contains(c))
                });
                Play::For(served.fold(Ears::NONE, |e, &(l, ..)| e.with(l)))
            };
            f(&mut output.mixer(), listener, play);
        }
    }

    /// The output of device `index` that plays `sound`: the cue stream for a cue while it is
    /// available, else the device's first stream.
    fn output_for(&self, index: usize, sound: Sound) -> Option<&DeviceOutput> {
        if self.on_cue_output(index, sound) {
            self.cue_outputs.get(index).and_then(Option::as_ref)
        } else {
            self.outputs.get(index)
        }
    }

    /// True when `sound` for device `index` goes to its cue stream: a cue, while that stream
    /// is available.
    fn on_cue_output(&self, index: usize, sound: Sound) -> bool {
        sound == Sound::Cue
            && self
                .cue_outputs
                .get(index)
                .and_then(Option::as_ref)
                .is_some_and(DeviceOutput::is_available)
    }

    /// The speech of `cut` listeners was cut: their devices' first streams throw away what
    /// their servers have queued, so the cut and the speech after it are heard at once
    /// rather than after the cut speech's queued samples.
    fn drop_queued(&self, cut: &[Listener]) {
        let mut done: Vec<usize> = Vec::new();
        for listener in cut {
            let Some(&(index, _)) = self.routes.get(listener) else {
                continue;
            };
            if done.contains(&index) {
                continue;
            }
            done.push(index);
            if let Some(output) = self.outputs.get(index) {
                output.drop_queued();
            }
        }
    }

    /// Resumes (or reopens) the resting streams that `sound` for `to` was just queued on
    /// (the same choice as [`AudioThread::output_for`]).
    fn wake(&mut self, to: &Audience, sound: Sound) {
        for listener in to.ears() {
            let Some(&(index, _)) = self.routes.get(&listener) else {
                continue;
            };
            let output = if self.on_cue_output(index, sound) {
                self.cue_outputs.get_mut(index).and_then(Option::as_mut)
            } else {
                self.outputs.get_mut(index)
            };
            if let Some(output) = output {
                output.wake(&self.backend);
            }
        }
    }

    /// Notices lost streams and (re)opens missing ones in the background; logs the first
    /// time the mix bus's limiter acted (overlapping sounds, or a volume above the configured
    /// level: expected, so not a warning).
    fn supervise(&mut self) {
        if !self.limiter_reported {
            let acted: u64 = self.limited.iter().map(|g| g.load(Ordering::Relaxed)).sum();
            if acted > 0 {
                self.limiter_reported = true;
                tracing::debug!(
                    samples = acted,
                    "audio: sounds overlapped past the headroom; the limiter lowered them"
                );
            }
        }
        // A device's two streams rest together: neither is closed while the other has sound
        // (see `device.rs`).
        for (output, cue_output) in self.outputs.iter_mut().zip(&mut self.cue_outputs) {
            let cues_sounding = cue_output.as_ref().is_some_and(DeviceOutput::has_sound);
            match output.poll(&self.backend, cues_sounding) {
                1 => {
                    self.open_streams.fetch_add(1, Ordering::Relaxed);
                }
                -1 => {
                    self.open_streams.fetch_sub(1, Ordering::Relaxed);
                }
                _ => {}
            }
            // The cue streams are extras: a device counts as open by its first stream alone.
            if let Some(cue_output) = cue_output {
                cue_output.poll(&self.backend, output.has_sound());
            }
        }
    }

    /// Every output: the devices' first streams, then the cue streams.
    fn all_outputs(&self) -> impl Iterator<Item = &DeviceOutput> {
        self.outputs.iter().chain(self.cue_outputs.iter().flatten())
    }

    /// Waits until every open stream has played what it had, then closes all streams.
    fn drain(mut self) {
        let deadline = Instant::now() + DRAIN_LIMIT;
        while Instant::now() < deadline && !self.all_outputs().all(DeviceOutput::is_drained) {
            std::thread::sleep(Duration::from_millis(5));
            self.supervise();
        }
        let tail = self
            .all_outputs()
            .filter(|o| o.is_open())
            .map(DeviceOutput::tail)
            .max();
        std::thread::sleep(tail.unwrap_or_default());
        for output in &mut self.outputs {
            if output.close() {
                self.open_streams.fetch_sub(1, Ordering::Relaxed);
            }
        }
        for output in self.cue_outputs.iter_mut().flatten() {
            output.close();
        }
    }
}
