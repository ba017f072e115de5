//! Reading record files for the commands, and `koma convert`'s conversion.

use anyhow::Context;
use koma_game::chu;
use koma_notation::formats::{self, Format};
use koma_notation::record::Record;
use koma_notation::sfen;
use koma_notation::warning::Reading;
use koma_rules::{GameKind, VariantKind};
use std::io::Read;

/// `koma convert`: the record in `file` (read as `from`, or as its name and content say)
/// written as `to`; with `ply` and `--to sfen`, the position after that many moves. A
/// Chu record (`--variant chushogi`, or a KIF as lishogi writes Chu when no variant is
/// given) is read and written by [`koma_game::chu::record`]: kif, usi or sfen. What the
/// writer had to leave out is printed on standard error.
pub fn convert(
    file: &str,
    from: Option<Format>,
    game: Option<GameKind>,
    to: Format,
    ply: Option<usize>,
) -> anyhow::Result<String> {
    let bytes = read_input(file)?;
    let text = koma_notation::encoding::decode(&bytes).0;
    let game = game.unwrap_or(if chu::record::is_chu_kif(&text) {
        GameKind::Chu
    } else {
        GameKind::Family(VariantKind::Shogi)
    });
    let variant = match game {
        GameKind::Family(variant) => variant,
        GameKind::Chu => {
            if let Some(from) =
                from.filter(|f| !matches!(f, Format::Kif | Format::Usi | Format::Sfen))
            {
                anyhow::bail!(
                    "--from {}: Chu records are read from kif, usi or sfen",
                    from.name()
                );
            }
            // The header goes along: a KIF written keeps the players and dates read.
            let record = chu::record::read_record(&text).with_context(|| file.to_string())?;
            return chu::record::write(&record.game, to, ply, &record.header)
                .with_context(|| format!("--to {}", to.name()));
        }
    };
    let record = read_bytes(file, &bytes, &text, from, variant)?;
    if let (Format::Sfen, Some(ply)) = (to, ply) {
        let at = formats::position_at(&record, ply).with_context(|| file.to_string())?;
        return Ok(format!("{}\n", sfen::write_any(&at)));
    }
    let (text, losses) =
        formats::write_checked(&record, to).with_context(|| format!("--to {}", to.name()))?;
    for loss in losses {
        eprintln!("{file}: warning: {loss}");
    }
    Ok(text)
}

/// Reads a record file (`-` for standard input), detecting its format unless given. Of a
/// file holding several records (CSA's `/` separators) the first is read. What the reader
/// had to accept beyond the format (a lying encoding declaration, misnumbered moves, an
/// illegal last move, more records) is printed on standard error as warnings.
pub fn read_record(
    file: &str,
    format: Option<Format>,
    variant: VariantKind,
) -> anyhow::Result<Record> {
    let bytes = read_input(file)?;
    let text = koma_notation::encoding::decode(&bytes).0;
    read_bytes(file, &bytes, &text, format, variant)
}

/// [`read_record`] of what was read from `file` already: its `bytes`, decoded as `text`.
fn read_bytes(
    file: &str,
    bytes: &[u8],
    text: &str,
    format: Option<Format>,
    variant: VariantKind,
) -> anyhow::Result<Record> {
    let format = format.unwrap_or_else(|| Format::detect((file != "-").then_some(file), text));
    let reading = formats::read(bytes, format, variant).with_context(|| file.to_string())?;
    Ok(warned(file, reading))
}

/// The record of `reading`, its warnings printed on standard error, each naming `file`.
pub fn warned(file: &str, reading: Reading) -> Record {
    for warning in &reading.warnings {
        eprintln!("{file}: warning: {warning}");
    }
    reading.record
}

/// The bytes of `file`, or of standard input for `-`.
pub fn read_input(file: &str) -> anyhow::Result<Vec<u8>> {
    if file == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("standard input")?;
        Ok(buf)
    } else {
        std::fs::read(file).with_context(|| file.to_string())
    }
}
