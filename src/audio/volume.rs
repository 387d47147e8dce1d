//! The per-listener volume scale: whole steps of 3 dB from −18 dB to +6 dB around the level
//! the config gives (`speech_volume`, `cue_volume`), and the dB → linear gain conversion the
//! mixer applies to each listener's voice before the channels are summed.

/// Size of one volume step in decibels (3 dB ≈ half or double the power).
pub const VOLUME_STEP_DB: f32 = 3.0;

/// Quietest step: −6 × 3 dB = −18 dB (about an eighth of the amplitude).
pub const VOLUME_MIN_STEP: i8 = -6;

/// Loudest step: +2 × 3 dB = +6 dB (about double the amplitude; speech rendered near full
/// scale may clip above step 0).
pub const VOLUME_MAX_STEP: i8 = 2;

/// Lowest gain the scale allows, in dB.
const MIN_DB: f32 = VOLUME_MIN_STEP as f32 * VOLUME_STEP_DB;
/// Highest gain the scale allows, in dB.
const MAX_DB: f32 = VOLUME_MAX_STEP as f32 * VOLUME_STEP_DB;

/// Linear amplitude gain of volume `step` (0 = as configured), i.e. `10^(dB/20)` with
/// `dB = step × VOLUME_STEP_DB`; steps outside
/// `VOLUME_MIN_STEP..=VOLUME_MAX_STEP` are clamped to the nearest end.
pub fn gain_for_step(step: i8) -> f32 {
    let step = step.clamp(VOLUME_MIN_STEP, VOLUME_MAX_STEP);
    gain_for_db(f32::from(step) * VOLUME_STEP_DB)
}

/// Linear amplitude gain of `db`, clamped to the scale's range (−18..=+6 dB).
/// NaN counts as 0 dB (unity gain).
pub(crate) fn gain_for_db(db: f32) -> f32 {
    let db = if db.is_nan() {
        0.0
    } else {
        db.clamp(MIN_DB, MAX_DB)
    };
    10f32.powf(db / 20.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db(gain: f32) -> f32 {
        20.0 * gain.log10()
    }

    #[test]
    fn each_step_is_three_db() {
        assert_eq!(gain_for_step(0), 1.0);
        for step in VOLUME_MIN_STEP..VOLUME_MAX_STEP {
            let diff = db(gain_for_step(step + 1)) - db(gain_for_step(step));
            assert!((diff - 3.0).abs() < 1e-4, "step {step}: {diff} dB");
        }
        assert!((gain_for_step(-1) - 0.707_945_8).abs() < 1e-6);
    }

    #[test]
    fn range_is_minus_18_to_plus_6_db_and_clamped() {
        assert!((db(gain_for_step(VOLUME_MIN_STEP)) + 18.0).abs() < 1e-4);
        assert!((db(gain_for_step(VOLUME_MAX_STEP)) - 6.0).abs() < 1e-4);
        assert_eq!(gain_for_step(i8::MIN), gain_for_step(VOLUME_MIN_STEP));
        assert_eq!(gain_for_step(i8::MAX), gain_for_step(VOLUME_MAX_STEP));
    }

    #[test]
    fn db_outside_the_scale_is_clamped_and_nan_is_unity() {
        assert_eq!(gain_for_db(-100.0), gain_for_step(VOLUME_MIN_STEP));
        assert_eq!(gain_for_db(f32::INFINITY), gain_for_step(VOLUME_MAX_STEP));
        assert_eq!(gain_for_db(f32::NAN), 1.0);
        assert!((gain_for_db(-4.5) - 0.595_662_1).abs() < 1e-6);
    }
}
