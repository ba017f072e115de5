//! Reading record files for the commands.

use anyhow::Context;
use koma_notation::formats::{self, Format};
use koma_notation::record::Record;
use koma_notation::warning::Reading;
use koma_rules::VariantKind;
use std::io::Read;

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
    let format = format.unwrap_or_else(|| Format::detect((file != "-").then_some(file), &text));
    let reading = formats::read(&bytes, format, variant).with_context(|| file.to_string())?;
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
