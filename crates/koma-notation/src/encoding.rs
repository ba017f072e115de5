//! Text encodings of record files: UTF-8 (with or without BOM), Shift_JIS (as Windows
//! code page 932) and EUC-JP, detected from the bytes.

use encoding_rs::{EUC_JP, SHIFT_JIS, UTF_8};

/// An encoding a record file can be in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// Shift_JIS, read as Windows-31J (cp932).
    ShiftJis,
    /// EUC-JP (old CSA files).
    EucJp,
}

impl Encoding {
    /// The encoding called `name` (`utf-8`, `utf8`, `sjis`, `shift_jis`, `cp932`, `euc-jp`).
    pub fn from_name(name: &str) -> Option<Encoding> {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "utf-8" | "utf8" => Some(Encoding::Utf8),
            "sjis" | "shift-jis" | "shiftjis" | "cp932" | "windows-31j" | "ms932" => {
                Some(Encoding::ShiftJis)
            }
            "euc-jp" | "eucjp" => Some(Encoding::EucJp),
            _ => None,
        }
    }
}

/// Decodes a record file: a BOM wins, then an `encoding=` declaration in the first lines
/// (`#KIF version=2.0 encoding=UTF-8`, CSA V3 `'encoding=...`), then strict UTF-8, then
/// EUC-JP when the bytes decode as that and not as Shift_JIS, else Shift_JIS (cp932).
/// Malformed bytes become U+FFFD; the encoding chosen is returned.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        return (String::from_utf8_lossy(rest).into_owned(), Encoding::Utf8);
    }
    if let Some(declared) = declared_encoding(bytes) {
        return (decode_as(bytes, declared), declared);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), Encoding::Utf8);
    }
    let (sjis, _, sjis_errors) = SHIFT_JIS.decode(bytes);
    if sjis_errors {
        let (euc, _, euc_errors) = EUC_JP.decode(bytes);
        if !euc_errors {
            return (euc.into_owned(), Encoding::EucJp);
        }
    }
    (sjis.into_owned(), Encoding::ShiftJis)
}

/// Decodes `bytes` as `encoding` (malformed sequences become U+FFFD).
pub fn decode_as(bytes: &[u8], encoding: Encoding) -> String {
    let bytes = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]).unwrap_or(bytes);
    let codec = match encoding {
        Encoding::Utf8 => UTF_8,
        Encoding::ShiftJis => SHIFT_JIS,
        Encoding::EucJp => EUC_JP,
    };
    codec.decode_without_bom_handling(bytes).0.into_owned()
}

/// Encodes `text` for a file (characters Shift_JIS lacks become numeric references).
pub fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::ShiftJis => SHIFT_JIS.encode(text).0.into_owned(),
        Encoding::EucJp => EUC_JP.encode(text).0.into_owned(),
    }
}

/// An `encoding=NAME` declaration in the first three lines, on a line of its own kind
/// (KIF's `#KIF version=2.0 encoding=...`, CSA's `'encoding=...`), not inside a header value.
fn declared_encoding(bytes: &[u8]) -> Option<Encoding> {
    for line in bytes.split(|&b| b == b'\n').take(3) {
        if !matches!(line.first(), Some(b'#' | b'\'')) {
            continue;
        }
        let line = String::from_utf8_lossy(line);
        if let Some(pos) = line.find("encoding=") {
            let name: String = line[pos + 9..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if let Some(e) = Encoding::from_name(&name) {
                return Some(e);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_encoding() {
        let text = "先手：羽生善治\n手合割：平手\n";
        assert_eq!(decode(text.as_bytes()), (text.to_string(), Encoding::Utf8));
        let sjis = encode(text, Encoding::ShiftJis);
        assert_eq!(decode(&sjis), (text.to_string(), Encoding::ShiftJis));
        let euc = encode(text, Encoding::EucJp);
        assert_eq!(decode(&euc), (text.to_string(), Encoding::EucJp));
        let mut bom = vec![0xef, 0xbb, 0xbf];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(&bom).0, text);
        let declared = [b"#KIF version=2.0 encoding=Shift_JIS\n".as_slice(), &sjis].concat();
        assert_eq!(decode(&declared).1, Encoding::ShiftJis);
        // A header value that merely contains the words is no declaration (found by fuzzing).
        let value = "開始日時：2014/10/version=2.0 encoding=Shift_JIS\n先手：羽生\n";
        assert_eq!(
            decode(value.as_bytes()),
            (value.to_string(), Encoding::Utf8)
        );
    }
}
