//! Loudness as EBU R128 measures it (ITU-R BS.1770): the signal K-weighted (a high shelf of
//! about +4 dB above 1.7 kHz, then a high-pass at 38 Hz, both defined for any sample rate by
//! their centre frequency, gain and Q), its mean square over 400 ms blocks every 100 ms, blocks
//! below −70 LUFS and then those 10 LU below the mean left out. Mono: one channel, weight 1.
//! Also the true peak, estimated by 4× oversampling.

/// A biquad filter (direct form I).
#[derive(Debug, Clone, Copy)]
struct Biquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Biquad {
    fn run(&mut self, x: f64) -> f64 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// BS.1770's first stage: the head's effect, a high shelf (f0 ≈ 1682 Hz, +4 dB, Q ≈ 0.7072).
fn shelf(rate: f64) -> Biquad {
    let (f0, gain_db, q) = (
        1_681.974_450_955_533,
        3.999_843_853_973_347,
        0.707_175_236_955_419_6,
    );
    let k = (std::f64::consts::PI * f0 / rate).tan();
    let vh = 10f64.powf(gain_db / 20.0);
    let vb = vh.powf(0.499_666_774_154_541_6);
    let a0 = 1.0 + k / q + k * k;
    Biquad {
        b: [
            (vh + vb * k / q + k * k) / a0,
            2.0 * (k * k - vh) / a0,
            (vh - vb * k / q + k * k) / a0,
        ],
        a: [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
        x: [0.0; 2],
        y: [0.0; 2],
    }
}

/// BS.1770's second stage: the RLB high-pass (f0 ≈ 38.1 Hz, Q ≈ 0.5003).
fn high_pass(rate: f64) -> Biquad {
    let (f0, q) = (38.135_470_876_024_44, 0.500_327_037_323_877_3);
    let k = (std::f64::consts::PI * f0 / rate).tan();
    let a0 = 1.0 + k / q + k * k;
    Biquad {
        b: [1.0, -2.0, 1.0],
        a: [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
        x: [0.0; 2],
        y: [0.0; 2],
    }
}

/// The integrated loudness of mono `samples` at `rate` Hz, in LUFS; `None` when every block
/// is below the absolute gate (silence, or shorter than one block).
pub fn integrated_lufs(samples: &[f32], rate: u32) -> Option<f64> {
    let rate_f = f64::from(rate);
    let (mut s1, mut s2) = (shelf(rate_f), high_pass(rate_f));
    let weighted: Vec<f64> = samples
        .iter()
        .map(|x| s2.run(s1.run(f64::from(*x))))
        .collect();
    let block = (0.4 * rate_f).round() as usize;
    let step = (0.1 * rate_f).round() as usize;
    if weighted.len() < block || step == 0 {
        return None;
    }
    let mut powers = Vec::new();
    let mut start = 0;
    while start + block <= weighted.len() {
        let z: f64 = weighted[start..start + block]
            .iter()
            .map(|v| v * v)
            .sum::<f64>()
            / block as f64;
        powers.push(z);
        start += step;
    }
    let lufs = |z: f64| -0.691 + 10.0 * z.log10();
    let loud: Vec<f64> = powers.into_iter().filter(|z| lufs(*z) > -70.0).collect();
    if loud.is_empty() {
        return None;
    }
    let mean = |zs: &[f64]| zs.iter().sum::<f64>() / zs.len() as f64;
    let relative = lufs(mean(&loud)) - 10.0;
    let gated: Vec<f64> = loud.into_iter().filter(|z| lufs(*z) > relative).collect();
    (!gated.is_empty()).then(|| lufs(mean(&gated)))
}

/// The true peak of mono `samples`, in dBTP: the largest magnitude of the signal upsampled 4×
/// (a windowed-sinc interpolator, 12 taps a side).
pub fn true_peak_db(samples: &[f32]) -> f64 {
    const PHASES: usize = 4;
    const TAPS: isize = 12;
    let sinc = |x: f64| {
        if x == 0.0 {
            1.0
        } else {
            let px = std::f64::consts::PI * x;
            px.sin() / px
        }
    };
    let mut peak = samples
        .iter()
        .fold(0.0f64, |m, s| m.max(f64::from(s.abs())));
    for i in 0..samples.len() {
        for p in 1..PHASES {
            let frac = p as f64 / PHASES as f64;
            let mut v = 0.0;
            for k in -TAPS + 1..=TAPS {
                let j = i as isize + k;
                if j < 0 || j >= samples.len() as isize {
                    continue;
                }
                let x = k as f64 - frac;
                let window = 0.5 + 0.5 * (std::f64::consts::PI * x / TAPS as f64).cos();
                v += f64::from(samples[j as usize]) * sinc(x) * window;
            }
            peak = peak.max(v.abs());
        }
    }
    20.0 * peak.max(1e-12).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(freq: f64, amplitude: f64, secs: f64, rate: u32) -> Vec<f32> {
        (0..(secs * f64::from(rate)) as usize)
            .map(|i| {
                (amplitude * (2.0 * std::f64::consts::PI * freq * i as f64 / f64::from(rate)).sin())
                    as f32
            })
            .collect()
    }

    #[test]
    fn a_full_scale_1k_sine_in_one_channel_reads_about_minus_3_lufs() {
        // EBU Tech 3341: a 1 kHz sine at 0 dBFS in one channel of stereo reads −3.01 LUFS;
        // K-weighting adds about +0.7 dB at 1 kHz, which the −0.691 offset takes back.
        for rate in [48_000, 44_100, 22_050] {
            let lufs = integrated_lufs(&sine(1000.0, 1.0, 5.0, rate), rate).unwrap_or(f64::NAN);
            assert!((lufs + 3.01).abs() < 0.1, "{rate} Hz: {lufs}");
        }
        // 20 dB down reads 20 LU less; silence reads nothing.
        let quiet = integrated_lufs(&sine(1000.0, 0.1, 5.0, 48_000), 48_000).unwrap_or(f64::NAN);
        assert!((quiet + 23.01).abs() < 0.1, "{quiet}");
        assert_eq!(integrated_lufs(&vec![0.0; 48_000], 48_000), None);
    }

    #[test]
    fn the_true_peak_finds_the_peak_between_samples() {
        // A sine at a quarter of the rate, sampled 45° off its peaks: samples at 0.707.
        let samples: Vec<f32> = (0..4800)
            .map(|i| (2.0 * std::f64::consts::PI * (i as f64 / 4.0 + 0.125)).sin() as f32)
            .collect();
        let sample_peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!((sample_peak - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-3);
        let tp = true_peak_db(&samples);
        assert!(tp > -0.5 && tp < 0.3, "{tp} dBTP");
    }
}
