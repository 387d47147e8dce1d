//! The announcer on a thread of its own, for a real-time loop that must only send: rendering,
//! time-stretching and writing the transcript happen there, in the order the items were sent.
//! A batch sent with [`AnnouncerThread::send_acked`] is acknowledged by its sequence number
//! once everything in it (and before it) was said and written, so that a reply can go out
//! after its announcement without the loop waiting for it.

use super::{Announcer, Item};
use crossbeam_channel::{unbounded, Receiver, Sender};

/// What the announcer's thread is given.
enum Job {
    /// Items to deliver in order; the batch's number to acknowledge, if asked.
    Deliver(Vec<Item>, Option<u64>),
    /// Text lines end in `\r\n` (raw terminal) or not.
    RawTerminal(bool),
}

/// An [`Announcer`] running on its own thread (normal priority: start it before the calling
/// thread raises its own).
pub struct AnnouncerThread {
    jobs: Option<Sender<Job>>,
    acks: Receiver<u64>,
    sent: u64,
    speaks_free_text: bool,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl AnnouncerThread {
    /// Moves `announcer` onto a thread of its own.
    pub fn start(mut announcer: Announcer) -> std::io::Result<AnnouncerThread> {
        let (jobs, inbox) = unbounded::<Job>();
        let (ack_tx, acks) = unbounded();
        let speaks_free_text = announcer.speaks_free_text();
        let thread = std::thread::Builder::new()
            .name("announcer".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        Job::Deliver(items, ack) => {
                            announcer.deliver(items);
                            if let Some(number) = ack {
                                let _ = ack_tx.send(number);
                            }
                        }
                        Job::RawTerminal(raw) => announcer.set_raw_terminal(raw),
                    }
                }
                announcer.shutdown();
            })?;
        Ok(AnnouncerThread {
            jobs: Some(jobs),
            acks,
            sent: 0,
            speaks_free_text,
            thread: Some(thread),
        })
    }

    /// Whether free text is spoken aloud, not only printed (known at start).
    pub fn speaks_free_text(&self) -> bool {
        self.speaks_free_text
    }

    /// Hands items over to be said in order; returns at once.
    pub fn send(&mut self, items: Vec<Item>) {
        if !items.is_empty() {
            self.job(Job::Deliver(items, None));
        }
    }

    /// Hands items over like [`send`](Self::send), asking for an acknowledgement: returns the
    /// number that [`acks`](Self::acks) carries once they (and all sent before) are said and
    /// written to the transcript.
    pub fn send_acked(&mut self, items: Vec<Item>) -> u64 {
        self.sent += 1;
        self.job(Job::Deliver(items, Some(self.sent)));
        self.sent
    }

    /// The acknowledgements, in increasing order.
    pub fn acks(&self) -> &Receiver<u64> {
        &self.acks
    }

    /// Text lines end in `\r\n` from now on while the terminal is in raw mode.
    pub fn set_raw_terminal(&mut self, raw: bool) {
        self.job(Job::RawTerminal(raw));
    }

    fn job(&mut self, job: Job) {
        if let Some(jobs) = &self.jobs {
            if jobs.send(job).is_err() {
                tracing::error!("the announcer's thread has stopped: nothing more is said");
                self.jobs = None;
            }
        }
    }

    /// Lets everything sent be said and written, flushes the transcript, lets queued speech
    /// finish and closes the audio.
    pub fn shutdown(mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                tracing::error!("the announcer's thread panicked");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::Languages;

    fn transcript_lines(path: &std::path::Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn an_acknowledged_batch_is_in_the_transcript_with_all_sent_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        let file = std::fs::File::create(&path).unwrap();
        let languages = Languages::new(
            crate::speech::Lang::En,
            crate::speech::Lang::En,
            crate::speech::Lang::En,
        );
        let announcer = Announcer::new(languages, None, None, false, Some(file));
        let mut thread = AnnouncerThread::start(announcer).unwrap();
        thread.send(vec![Item::Lines(vec!["1".into(), "2".into()])]);
        let number = thread.send_acked(vec![Item::Lines(vec!["3".into()])]);
        let acked = thread
            .acks()
            .recv_timeout(std::time::Duration::from_secs(5))
            .unwrap();
        assert_eq!(acked, number);
        assert_eq!(transcript_lines(&path), ["1", "2", "3"]);
        thread.send(vec![Item::Lines(vec!["4".into()])]);
        thread.shutdown();
        assert_eq!(transcript_lines(&path), ["1", "2", "3", "4"]);
    }
}
