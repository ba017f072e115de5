//! Reading record files for the commands.

use anyhow::{Context, anyhow};
use koma_notation::formats::{self, Format};
use koma_notation::record::Record;
use koma_rules::VariantKind;
use std::io::Read;

/// Reads a record file (`-` for standard input), detecting its format unless given. Of a
/// file holding several records (CSA's `/` separators) the first is read, with a warning
/// on standard error.
pub fn read_record(file: &str, format: Option<Format>, variant: &str) -> anyhow::Result<Record> {
    let mut records = read_records(file, format, variant)?;
    if records.len() > 1 {
        eprintln!(
            "{file}: {} records in the file; reading the first",
            records.len()
        );
    }
    Ok(records.swap_remove(0))
}

/// Reads every record of a file (`-` for standard input; at least one), detecting its
/// format unless given.
pub fn read_records(
    file: &str,
    format: Option<Format>,
    variant: &str,
) -> anyhow::Result<Vec<Record>> {
    let variant = VariantKind::from_name(variant)
        .ok_or_else(|| anyhow!("unknown variant '{variant}' (known: shogi, tori)"))?;
    let bytes = read_input(file)?;
    let text = koma_notation::encoding::decode(&bytes).0;
    let format = format.unwrap_or_else(|| Format::detect((file != "-").then_some(file), &text));
    formats::read_all(&bytes, format, variant).with_context(|| file.to_string())
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
