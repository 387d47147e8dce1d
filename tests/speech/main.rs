//! What the clock says: the committed voice packs, the wording of every announcement in both
//! languages, and the cue stream's mixing on a stand-in backend. No outside service, but long
//! in a debug build (every duration up to ten hours), so `make test` runs them, not `make check`.

mod audio_cue_stream;
mod speech_announcements;
mod speech_packs;
