//! The board picture as PNG: koma-notation's SVG ([`koma_notation::svg`]) rasterized by
//! resvg with the system's fonts. Used by the server's image endpoint and `koma show --png`.
//!
//! The pieces are kanji, so a font with them is needed. The named families of the picture
//! (Noto Serif CJK JP and the other Japanese fonts it lists) are used when installed;
//! otherwise any installed font that has every character of the pieces and coordinates
//! stands in for them. With none, [`Fonts::new`] fails with [`PngError::NoCjkFont`], which
//! names the missing characters and the package to install: a picture with the pieces'
//! characters left out is never drawn. The SVG itself needs no font.

use koma_notation::svg;
use koma_rules::VariantKind;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider;
use std::sync::{Arc, OnceLock};

/// The longest side, in pixels, of an image this module draws.
pub const MAX_SIDE: u32 = 4096;

/// The largest SVG text read.
const MAX_SVG_BYTES: usize = 1 << 20;

/// The scales a picture may be drawn at (1: a square is 60 pixels wide).
pub const SCALES: std::ops::RangeInclusive<f32> = 0.25..=4.0;

/// Why a PNG could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// No installed font has the pieces' characters.
    #[error(
        "no installed font has the characters {missing}: install a Japanese font (Debian: \
         fonts-noto-cjk) to draw PNG images; SVG images need none"
    )]
    NoCjkFont {
        /// The characters no font has.
        missing: String,
    },
    /// The SVG could not be read.
    #[error("the picture cannot be read as SVG: {0}")]
    Svg(#[from] usvg::Error),
    /// The SVG text is longer than `MAX_SVG_BYTES`.
    #[error("the picture is {0} bytes of SVG: at most 1 MiB is drawn")]
    SvgTooLong(usize),
    /// A scale outside [`SCALES`].
    #[error("scale {0} is outside 0.25..=4")]
    Scale(f32),
    /// The image would be larger than [`MAX_SIDE`] pixels a side, or empty.
    #[error("a {width}x{height} pixel image is not drawn (1 to {MAX_SIDE} pixels a side)")]
    Size {
        /// The width asked for, in pixels.
        width: u32,
        /// The height asked for, in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("encoding the PNG failed: {0}")]
    Encode(String),
}

/// The fonts pictures are drawn with: loaded and checked once.
pub struct Fonts {
    db: Arc<fontdb::Database>,
}

impl Fonts {
    /// The system's fonts, loaded on first use and kept for the process (loading them
    /// takes tens of milliseconds); the same error every time if none will do.
    pub fn system() -> Result<&'static Fonts, PngError> {
        // The only way the fonts fail: the characters no font has.
        static SYSTEM: OnceLock<Result<Fonts, String>> = OnceLock::new();
        SYSTEM
            .get_or_init(|| {
                let mut db = fontdb::Database::new();
                db.load_system_fonts();
                Fonts::new(db).map_err(|e| match e {
                    PngError::NoCjkFont { missing } => missing,
                    other => other.to_string(),
                })
            })
            .as_ref()
            .map_err(|missing| PngError::NoCjkFont {
                missing: missing.clone(),
            })
    }

    /// The fonts of `db`, if one of them has every character a picture writes (see the
    /// module's documentation); that font becomes the generic `serif` the picture falls
    /// back to.
    pub fn new(mut db: fontdb::Database) -> Result<Fonts, PngError> {
        let mut needed: Vec<char> = VariantKind::ALL
            .iter()
            .flat_map(|&v| svg::characters(v).chars().collect::<Vec<_>>())
            .collect();
        needed.sort_unstable();
        needed.dedup();
        let covers = |id: fontdb::ID| {
            db.with_face_data(id, |data, index| {
                let Ok(font) = skrifa::FontRef::from_index(data, index) else {
                    return false;
                };
                let map = font.charmap();
                needed.iter().all(|&c| map.map(c).is_some())
            }) == Some(true)
        };
        // The picture's own families first, in its order, then any other font.
        let named = svg::FONT_FAMILIES.iter().find_map(|name| {
            let query = fontdb::Query {
                families: &[fontdb::Family::Name(name)],
                ..fontdb::Query::default()
            };
            db.query(&query).filter(|&id| covers(id))
        });
        let chosen = named.or_else(|| db.faces().map(|f| f.id).find(|&id| covers(id)));
        let Some(id) = chosen else {
            let missing = needed
                .iter()
                .filter(|&&c| !db.faces().any(|f| has_char(&db, f.id, c)))
                .collect::<String>();
            let missing = if missing.is_empty() {
                // Each character is somewhere, but no one font has them all.
                needed.iter().collect()
            } else {
                missing
            };
            return Err(PngError::NoCjkFont { missing });
        };
        if named.is_none() {
            let family = db
                .face(id)
                .and_then(|f| f.families.first())
                .map(|(name, _)| name.clone());
            if let Some(family) = family {
                db.set_serif_family(family);
            }
        }
        Ok(Fonts { db: Arc::new(db) })
    }

    /// `svg` drawn as a PNG at `scale` (see [`SCALES`]).
    pub fn png(&self, svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
        if !SCALES.contains(&scale) {
            return Err(PngError::Scale(scale));
        }
        if svg.len() > MAX_SVG_BYTES {
            return Err(PngError::SvgTooLong(svg.len()));
        }
        let options = usvg::Options {
            fontdb: Arc::clone(&self.db),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(svg, &options)?;
        let size = tree.size();
        let side = |length: f32| {
            let pixels = (length * scale).ceil();
            if pixels.is_finite() && pixels >= 0.0 && pixels <= u32::MAX as f32 {
                pixels as u32
            } else {
                u32::MAX
            }
        };
        let (width, height) = (side(size.width()), side(size.height()));
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(PngError::Size { width, height });
        }
        let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        pixmap
            .encode_png()
            .map_err(|e| PngError::Encode(e.to_string()))
    }
}

fn has_char(db: &fontdb::Database, id: fontdb::ID, c: char) -> bool {
    db.with_face_data(id, |data, index| {
        skrifa::FontRef::from_index(data, index).is_ok_and(|font| font.charmap().map(c).is_some())
    }) == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_japanese_font_the_error_says_what_to_install() {
        let err = Fonts::new(fontdb::Database::new()).err().unwrap();
        let PngError::NoCjkFont { missing } = &err else {
            panic!("{err}");
        };
        assert!(
            missing.contains('玉') && missing.contains('鵬'),
            "{missing}"
        );
        assert!(err.to_string().contains("fonts-noto-cjk"), "{err}");
    }

    /// Ink pixels (dark) in the 24x24 box around (`x`, `y`).
    fn ink(image: &Pixmap, x: u32, y: u32) -> usize {
        (x - 12..x + 12)
            .flat_map(|px| (y - 12..y + 12).map(move |py| (px, py)))
            .filter_map(|(px, py)| image.pixel(px, py))
            .filter(|c| c.red() < 80 && c.green() < 80 && c.blue() < 80)
            .count()
    }

    #[test]
    fn the_kanji_are_drawn_with_a_system_font() {
        // The test machine has fonts-noto-cjk (scripts/test installs it).
        let fonts = Fonts::system().unwrap();
        let picture = svg::write_any(&VariantKind::Shogi.startpos(), &svg::Options::default());
        let png = fonts.png(&picture, 1.0).unwrap();
        let image = Pixmap::decode_png(&png).unwrap();
        assert_eq!((image.width(), image.height()), (834, 622));
        // Square 59 (sente's king) has ink on its face; 55 is empty. A square is 60x64
        // pixels, the board's corner at (134, 36): file 5 is the fifth column.
        let x = 134 + 4 * 60 + 30;
        let king = ink(&image, x, 36 + 8 * 64 + 36);
        let empty = ink(&image, x, 36 + 4 * 64 + 32);
        assert!(king > 40, "{king} ink pixels on the king");
        assert_eq!(empty, 0);
        // Twice the scale, twice the size; out of bounds, refused.
        let big = Pixmap::decode_png(&fonts.png(&picture, 2.0).unwrap()).unwrap();
        assert_eq!((big.width(), big.height()), (1668, 1244));
        assert!(matches!(fonts.png(&picture, 5.0), Err(PngError::Scale(_))));
        let huge = picture.replacen("width=\"834\"", "width=\"9000\"", 1);
        assert!(matches!(
            fonts.png(&huge, 1.0),
            Err(PngError::Size { width: 9000, .. })
        ));
    }
}
