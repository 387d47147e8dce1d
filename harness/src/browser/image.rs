//! Screenshots as pixels, and what the web pages' tests measure on them: WCAG 2's relative
//! luminance and contrast ratio, a region's background and foreground colours, and how tall the
//! ink in a region is, all in device pixels.

use super::BrowserError;
use std::collections::HashMap;
use std::path::Path;

/// A colour: red, green, blue (sRGB, 0–255).
pub type Rgb = [u8; 3];

/// A rectangle of device pixels: `x`, `y` of its top-left pixel, its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelRect {
    /// The leftmost column.
    pub x: u32,
    /// The top row.
    pub y: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

/// An RGBA image, 8 bits a channel, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Width in device pixels.
    pub width: u32,
    /// Height in device pixels.
    pub height: u32,
    /// `width * height` pixels of 4 bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

/// WCAG 2's relative luminance of an sRGB colour: 0 for black, 1 for white.
pub fn relative_luminance(rgb: Rgb) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/// WCAG 2's contrast ratio of two colours, lighter over darker: 1 to 21.
pub fn contrast_ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The largest difference of one channel between two colours.
fn channel_distance(a: Rgb, b: Rgb) -> u8 {
    (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0)
}

/// The squared distance between two colours in RGB space.
fn squared_distance(a: Rgb, b: Rgb) -> u32 {
    (0..3).map(|i| u32::from(a[i].abs_diff(b[i])).pow(2)).sum()
}

/// RGBA pixels from RGB, grey-and-alpha or grey samples (`channels` a pixel; Chromium's
/// screenshots are RGB). A plain loop: an iterator chain is ten times slower in the
/// unoptimised test builds.
fn opaque(samples: &[u8], channels: usize) -> Vec<u8> {
    let mut rgba = vec![255; samples.len() / channels * 4];
    for (to, from) in rgba.chunks_exact_mut(4).zip(samples.chunks_exact(channels)) {
        match *from {
            [r, g, b] => to[..3].copy_from_slice(&[r, g, b]),
            [grey, alpha] => to.copy_from_slice(&[grey, grey, grey, alpha]),
            [grey] => to[..3].copy_from_slice(&[grey, grey, grey]),
            _ => {}
        }
    }
    rgba
}

/// A candidate foreground colour must cover at least this share of the pixels of the most
/// frequent colour other than the background: rarer colours are the anti-aliased edges
/// between the two, or stray pixels.
const FOREGROUND_SHARE: usize = 5;

impl Image {
    /// A `width` × `height` image of one opaque colour.
    pub fn filled(width: u32, height: u32, colour: Rgb) -> Image {
        let pixel = [colour[0], colour[1], colour[2], 255];
        let count = width as usize * height as usize;
        Image {
            width,
            height,
            rgba: pixel.repeat(count),
        }
    }

    /// Decodes a PNG (any colour type; 16-bit samples are cut to 8 bits, no alpha is opaque).
    pub fn from_png(bytes: &[u8]) -> Result<Image, BrowserError> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info()?;
        let size = reader
            .output_buffer_size()
            .ok_or(BrowserError::ImageTooLarge)?;
        let mut buffer = vec![0; size];
        let frame = reader.next_frame(&mut buffer)?;
        let samples = &buffer[..frame.buffer_size()];
        let rgba = match frame.color_type {
            png::ColorType::Rgba => samples.to_vec(),
            png::ColorType::Indexed => return Err(BrowserError::ImageColours),
            other => opaque(samples, other.samples()),
        };
        Ok(Image {
            width: frame.width,
            height: frame.height,
            rgba,
        })
    }

    /// Writes the image as an RGBA PNG.
    pub fn save_png(&self, path: &Path) -> Result<(), BrowserError> {
        let file_error = |source| BrowserError::File {
            path: path.to_owned(),
            source,
        };
        let file = std::fs::File::create(path).map_err(file_error)?;
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.rgba)?;
        writer.finish()?;
        Ok(())
    }

    /// The colour of pixel (`x`, `y`), if it is in the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = (y as usize * self.width as usize + x as usize) * 4;
        Some([self.rgba[at], self.rgba[at + 1], self.rgba[at + 2]])
    }

    /// Paints `rect` (its part inside the image) with an opaque colour.
    pub fn fill(&mut self, rect: PixelRect, colour: Rgb) {
        let rect = self.clip(rect);
        for y in rect.y..rect.y + rect.height {
            for x in rect.x..rect.x + rect.width {
                let at = (y as usize * self.width as usize + x as usize) * 4;
                self.rgba[at..at + 4].copy_from_slice(&[colour[0], colour[1], colour[2], 255]);
            }
        }
    }

    /// The part of `rect` inside the image (empty when they do not meet).
    pub fn clip(&self, rect: PixelRect) -> PixelRect {
        let x = rect.x.min(self.width);
        let y = rect.y.min(self.height);
        PixelRect {
            x,
            y,
            width: rect.width.min(self.width - x),
            height: rect.height.min(self.height - y),
        }
    }

    /// The pixels of `rect` (its part inside the image) as an image of their own.
    pub fn crop(&self, rect: PixelRect) -> Image {
        let rect = self.clip(rect);
        let mut rgba = Vec::with_capacity(rect.width as usize * rect.height as usize * 4);
        for y in rect.y..rect.y + rect.height {
            let start = (y as usize * self.width as usize + rect.x as usize) * 4;
            rgba.extend_from_slice(&self.rgba[start..start + rect.width as usize * 4]);
        }
        Image {
            width: rect.width,
            height: rect.height,
            rgba,
        }
    }

    /// How many pixels of each colour `rect` holds.
    fn histogram(&self, rect: PixelRect) -> HashMap<Rgb, usize> {
        let rect = self.clip(rect);
        let mut counts = HashMap::new();
        for y in rect.y..rect.y + rect.height {
            for x in rect.x..rect.x + rect.width {
                if let Some(colour) = self.pixel(x, y) {
                    *counts.entry(colour).or_insert(0) += 1;
                }
            }
        }
        counts
    }

    /// The background and the foreground of `rect`: the most frequent colour, and among the
    /// colours frequent enough to be drawn on purpose (at least a fifth as many pixels as the
    /// most frequent other colour, so that anti-aliased edges and stray pixels are left out),
    /// the one farthest from the background. `None` for an empty rect; a rect of one colour
    /// gives it twice.
    pub fn dominant_colours(&self, rect: PixelRect) -> Option<(Rgb, Rgb)> {
        let counts = self.histogram(rect);
        // Ties broken by the colour itself, so the answer does not depend on hashing.
        let (&background, _) = counts.iter().max_by_key(|&(c, n)| (*n, *c))?;
        let others = counts.iter().filter(|&(&c, _)| c != background);
        let Some(most) = others.clone().map(|(_, &n)| n).max() else {
            return Some((background, background));
        };
        let floor = most.div_ceil(FOREGROUND_SHARE);
        let foreground = others
            .filter(|&(_, &n)| n >= floor)
            .max_by_key(|&(&c, &n)| (squared_distance(c, background), n, c))
            .map_or(background, |(&c, _)| c);
        Some((background, foreground))
    }

    /// The first and the last row (image coordinates, both inclusive) of `rect` that hold a
    /// pixel differing from `background` by more than `tolerance` in some channel: the ink's
    /// height is `last - first + 1` device pixels. `None` when `rect` holds no such pixel.
    pub fn ink_rows(&self, rect: PixelRect, background: Rgb, tolerance: u8) -> Option<(u32, u32)> {
        let rect = self.clip(rect);
        let inked = |y: &u32| {
            (rect.x..rect.x + rect.width).any(|x| {
                self.pixel(x, *y)
                    .is_some_and(|c| channel_distance(c, background) > tolerance)
            })
        };
        let rows = rect.y..rect.y + rect.height;
        let first = rows.clone().find(inked)?;
        let last = rows.rev().find(inked)?;
        Some((first, last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK: Rgb = [0, 0, 0];
    const WHITE: Rgb = [255, 255, 255];
    const YELLOW: Rgb = [255, 255, 0];

    fn rect(x: u32, y: u32, width: u32, height: u32) -> PixelRect {
        PixelRect {
            x,
            y,
            width,
            height,
        }
    }

    #[test]
    fn luminance_and_contrast_follow_wcag() {
        assert_eq!(relative_luminance(BLACK), 0.0);
        assert!((relative_luminance(WHITE) - 1.0).abs() < 1e-9);
        assert!((contrast_ratio(WHITE, BLACK) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio(BLACK, YELLOW) - 19.556).abs() < 0.001);
        // #777 on white is the well-known near miss of 4.5:1.
        let grey = [0x77, 0x77, 0x77];
        assert!((contrast_ratio(grey, WHITE) - 4.48).abs() < 0.01);
        assert_eq!(contrast_ratio(grey, grey), 1.0);
    }

    #[test]
    fn crop_takes_the_rect_and_stops_at_the_edges() {
        let mut image = Image::filled(10, 8, BLACK);
        image.fill(rect(2, 3, 4, 2), YELLOW);
        let cropped = image.crop(rect(2, 3, 4, 2));
        assert_eq!((cropped.width, cropped.height), (4, 2));
        assert!(cropped.rgba.chunks(4).all(|p| p == [255, 255, 0, 255]));
        let edge = image.crop(rect(8, 6, 5, 5));
        assert_eq!((edge.width, edge.height), (2, 2));
        let outside = image.crop(rect(20, 20, 5, 5));
        assert_eq!((outside.width, outside.height), (0, 0));
    }

    #[test]
    fn the_foreground_is_the_far_colour_not_its_edges_or_a_stray_pixel() {
        // A yellow bar on black, with a ring of dark-yellow anti-aliasing around it, some
        // shades of grey-yellow along its top, and one white stray pixel (farther from black
        // than yellow is).
        let mut image = Image::filled(40, 30, BLACK);
        image.fill(rect(9, 9, 22, 12), [128, 128, 0]);
        image.fill(rect(10, 10, 20, 10), YELLOW);
        for x in 10..30 {
            let shade = 150 + x as u8 * 3;
            image.fill(rect(x, 10, 1, 1), [shade, shade, 0]);
        }
        image.fill(rect(1, 1, 1, 1), WHITE);
        let (background, foreground) = image.dominant_colours(rect(0, 0, 40, 30)).expect("colours");
        assert_eq!((background, foreground), (BLACK, YELLOW));
        // Inside the bar, yellow is the background.
        let inside = image.dominant_colours(rect(12, 12, 5, 5));
        assert_eq!(inside, Some((YELLOW, YELLOW)));
        assert_eq!(image.dominant_colours(rect(50, 50, 5, 5)), None);
    }

    #[test]
    fn ink_rows_span_the_ink_within_the_tolerance() {
        let mut image = Image::filled(20, 40, BLACK);
        image.fill(rect(5, 10, 4, 20), YELLOW);
        // A faint row above and below: within a tolerance of 16, not ink.
        image.fill(rect(5, 9, 4, 1), [10, 10, 10]);
        image.fill(rect(5, 30, 4, 1), [10, 10, 10]);
        let whole = rect(0, 0, 20, 40);
        assert_eq!(image.ink_rows(whole, BLACK, 16), Some((10, 29)));
        assert_eq!(image.ink_rows(whole, BLACK, 5), Some((9, 30)));
        // Only the part of the ink inside the rect counts.
        assert_eq!(
            image.ink_rows(rect(0, 15, 20, 5), BLACK, 16),
            Some((15, 19))
        );
        assert_eq!(image.ink_rows(rect(10, 0, 10, 40), BLACK, 16), None);
    }

    #[test]
    fn an_image_survives_png() {
        let mut image = Image::filled(7, 5, [1, 2, 3]);
        image.fill(rect(2, 1, 3, 2), YELLOW);
        let dir = std::env::temp_dir().join(format!("talkclock-image-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("image.png");
        image.save_png(&path).expect("saved");
        let bytes = std::fs::read(&path).expect("read back");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Image::from_png(&bytes).expect("decoded"), image);
        assert!(Image::from_png(b"not a png").is_err());
    }
}
