//! `koma show --svg FILE --png FILE`: the board shown, as a picture.

use anyhow::Context;
use clap::Args;
use koma_notation::svg::{self, Options};
use koma_rules::{AnyPosition, Move};
use koma_server::png::Fonts;
use std::time::Instant;

/// The picture's files and how to draw it.
#[derive(Args)]
pub struct ImageArgs {
    /// Also write the board as an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Also write the board as a PNG image to this file (needs a Japanese font, such as
    /// Debian's fonts-noto-cjk).
    #[arg(long, value_name = "FILE")]
    png: Option<String>,
    /// Draw the picture from gote's side.
    #[arg(long)]
    flip: bool,
    /// The PNG's scale: 1 draws a square 60 pixels wide (0.25 to 4).
    #[arg(long, default_value_t = 1.0)]
    scale: f32,
}

impl ImageArgs {
    /// Whether a picture was asked for.
    pub fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Writes the pictures asked for of `pos`, reached by `last_move`, with the players'
    /// `names` (sente's, gote's); the PNG's time to draw on standard error.
    pub fn write(
        &self,
        pos: &AnyPosition,
        last_move: Option<Move>,
        names: [Option<String>; 2],
    ) -> anyhow::Result<()> {
        if !self.wanted() {
            return Ok(());
        }
        if self.png.is_some() && !koma_server::png::SCALES.contains(&self.scale) {
            anyhow::bail!("--scale {}: give a scale from 0.25 to 4", self.scale);
        }
        let options = Options {
            flip: self.flip,
            last_move,
            names,
        };
        let picture = svg::write_any(pos, &options);
        if let Some(path) = &self.svg {
            std::fs::write(path, &picture).with_context(|| path.clone())?;
        }
        if let Some(path) = &self.png {
            let start = Instant::now();
            let fonts = Fonts::system().context("--png")?;
            let loaded = start.elapsed();
            let png = fonts.png(&picture, self.scale).context("--png")?;
            let drawn = start.elapsed() - loaded;
            std::fs::write(path, &png).with_context(|| path.clone())?;
            eprintln!(
                "{path}: fonts loaded in {:.1} ms, drawn in {:.1} ms",
                loaded.as_secs_f64() * 1e3,
                drawn.as_secs_f64() * 1e3
            );
        }
        Ok(())
    }
}
