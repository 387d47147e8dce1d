//! What a self-test checks on a board, in order, from its configuration: each bound button,
//! each place sound comes out (an earpiece or a shared speaker, by device and channels), each
//! player's vibration and Braille display, and the sound's delay through a loopback.

use crate::config::Config;
use crate::hearing::Listener;
use crate::input::bindings::Binding;

/// One place sound comes out: a device's channels and who listens there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The output device (`default`, or a name from `talkclock devices`).
    pub device: String,
    /// Its channels (0 left, 1 right).
    pub channels: Vec<u16>,
    /// The device's channel count as the clock opens it.
    pub of: u16,
    /// Who hears this place (White, Black, the arbiter), in that order.
    pub listeners: Vec<Listener>,
}

/// Where on its device a place is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The left channel of a stereo device.
    Left,
    /// The right channel.
    Right,
    /// Every channel.
    Both,
    /// One channel of a device with more.
    Channel(u16),
}

impl Place {
    /// Where on the device it is.
    pub fn side(&self) -> Side {
        match (self.channels.as_slice(), self.of) {
            ([0], 2) => Side::Left,
            ([1], 2) => Side::Right,
            (channels, of) if channels.len() == usize::from(of) => Side::Both,
            ([c], _) => Side::Channel(*c),
            _ => Side::Both,
        }
    }

    /// Whether it is one listener's own earpiece (else a shared speaker).
    pub fn own(&self) -> Option<Listener> {
        match self.listeners.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

/// One check of the walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// Press this bound button.
    Button(Binding),
    /// A tone and a sentence here; answered by its listeners.
    Sound(Place),
    /// The player's own controller vibrates (its uuid); answered by his clock button.
    Vibration(Listener, String),
    /// The player has no controller of his own with a uuid: said, not tested.
    NoVibration(Listener),
    /// The player's Braille display: a routing key answers.
    Braille(Listener),
    /// The sound's delay through a loopback (or said to be skipped).
    Latency,
}

/// The checks of `config`, in the order the walk makes them.
pub fn plan(config: &Config) -> Vec<Check> {
    let mut checks: Vec<Check> = config
        .input
        .bindings
        .iter()
        .cloned()
        .map(Check::Button)
        .collect();
    checks.extend(places(config).into_iter().map(Check::Sound));
    for (i, listener) in [Listener::White, Listener::Black].into_iter().enumerate() {
        if config.players[i].haptic.is_some() {
            checks.push(match config.input.own_controller(listener) {
                Ok(uuid) => Check::Vibration(listener, uuid),
                Err(_) => Check::NoVibration(listener),
            });
        }
    }
    for (i, listener) in [Listener::White, Listener::Black].into_iter().enumerate() {
        if config.players[i].braille.is_some() {
            checks.push(Check::Braille(listener));
        }
    }
    checks.push(Check::Latency);
    checks
}

/// The distinct places of the configured routes, in route order.
pub fn places(config: &Config) -> Vec<Place> {
    let output = &config.audio.output;
    let mut places: Vec<Place> = Vec::new();
    for route in &output.routes {
        match places
            .iter_mut()
            .find(|p| p.device == route.device && p.channels == route.channels)
        {
            Some(place) => place.listeners.push(route.listener),
            None => places.push(Place {
                device: route.device.clone(),
                channels: route.channels.clone(),
                of: output.device_channels(&route.device),
                listeners: vec![route.listener],
            }),
        }
    }
    places
}

/// Who answers for `place`: its players, else (the arbiter's own) the arbiter's buttons, or
/// anyone's when the arbiter has none.
pub fn answers(place_listeners: &[Listener], bindings: &[Binding], binding: &Binding) -> bool {
    let players = place_listeners
        .iter()
        .any(|l| matches!(l, Listener::White | Listener::Black));
    if players {
        return place_listeners.contains(&binding.listener);
    }
    let arbiter_has = bindings.iter().any(|b| b.listener == Listener::Arbiter);
    !arbiter_has || binding.listener == Listener::Arbiter
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(extra: &str) -> Config {
        let text = format!("{}\n{extra}", crate::config::EMBEDDED_DEFAULT);
        match Config::parse(&text, "test") {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_stereo_pair_is_two_earpieces_left_and_right_and_a_speaker_is_one_place() {
        let speaker = places(&config(""));
        assert_eq!(speaker.len(), 1);
        assert_eq!(speaker[0].side(), Side::Both);
        assert_eq!(speaker[0].own(), None);
        assert_eq!(speaker[0].listeners.len(), 3);
        let text = crate::config::EMBEDDED_DEFAULT.replace("single_speaker", "stereo_pair");
        let pair = match Config::parse(&text, "test") {
            Ok(c) => places(&c),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(pair.len(), 2);
        assert_eq!(
            (pair[0].side(), pair[0].own()),
            (Side::Left, Some(Listener::White))
        );
        assert_eq!(
            (pair[1].side(), pair[1].own()),
            (Side::Right, Some(Listener::Black))
        );
    }

    #[test]
    fn every_binding_is_checked_then_the_sound_then_the_latency() {
        let c = config("");
        let checks = plan(&c);
        let buttons = checks
            .iter()
            .filter(|c| matches!(c, Check::Button(_)))
            .count();
        assert_eq!(buttons, c.input.bindings.len());
        assert!(matches!(checks.last(), Some(Check::Latency)));
    }
}
