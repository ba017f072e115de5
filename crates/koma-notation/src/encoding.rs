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

impl Encoding {
    /// The encoding's usual name (`UTF-8`, `Shift_JIS`, `EUC-JP`).
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::ShiftJis => "Shift_JIS",
            Encoding::EucJp => "EUC-JP",
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A file decoded, with the encoding used and a declaration its bytes belied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text.
    pub text: String,
    /// The encoding the text was decoded from.
    pub encoding: Encoding,
    /// An `encoding=` declaration the bytes are not in, and its 1-based line.
    pub wrong_declaration: Option<(Encoding, usize)>,
}

/// Decodes a record file: a BOM wins, then an `encoding=` declaration in the first lines
/// (`#KIF version=2.0 encoding=UTF-8`, CSA V3 `'encoding=...`), then strict UTF-8, then
/// EUC-JP when the bytes decode as that and not as Shift_JIS, else Shift_JIS (cp932).
/// Malformed bytes become U+FFFD; the encoding chosen is returned.
///
/// A declaration that lies (Kifu for Windows and others write `encoding=UTF-8` on Shift_JIS
/// bytes, and the reverse) is overruled when the bytes do not decode cleanly as declared, or
/// when a non-UTF-8 declaration stands on bytes that are valid UTF-8 beyond ASCII (which
/// Shift_JIS and EUC-JP text practically never is); [`decode_checked`] says when.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let d = decode_checked(bytes);
    (d.text, d.encoding)
}

/// [`decode`], saying whether a declaration was overruled.
pub fn decode_checked(bytes: &[u8]) -> Decoded {
    if let Some(rest) = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        return Decoded {
            text: String::from_utf8_lossy(rest).into_owned(),
            encoding: Encoding::Utf8,
            wrong_declaration: None,
        };
    }
    let Some((declared, line)) = declared_encoding(bytes) else {
        let (text, encoding) = detect(bytes);
        return Decoded {
            text,
            encoding,
            wrong_declaration: None,
        };
    };
    let utf8 = std::str::from_utf8(bytes).ok();
    let believed = match declared {
        Encoding::Utf8 => utf8.is_some(),
        _ => utf8.is_none_or(|t| t.is_ascii()) && decodes_cleanly(bytes, declared),
    };
    if believed {
        return Decoded {
            text: decode_as(bytes, declared),
            encoding: declared,
            wrong_declaration: None,
        };
    }
    let (text, found) = detect(bytes);
    if found == declared || !decodes_cleanly(bytes, found) {
        // The bytes are no better in any other encoding: the declaration stands.
        return Decoded {
            text: decode_as(bytes, declared),
            encoding: declared,
            wrong_declaration: None,
        };
    }
    Decoded {
        text,
        encoding: found,
        wrong_declaration: Some((declared, line)),
    }
}

/// Whether `bytes` decode as `encoding` without malformed sequences.
fn decodes_cleanly(bytes: &[u8], encoding: Encoding) -> bool {
    let codec = match encoding {
        Encoding::Utf8 => return std::str::from_utf8(bytes).is_ok(),
        Encoding::ShiftJis => SHIFT_JIS,
        Encoding::EucJp => EUC_JP,
    };
    !codec.decode_without_bom_handling(bytes).1
}

/// The encoding the bytes are in, found from the bytes alone, and the text.
fn detect(bytes: &[u8]) -> (String, Encoding) {
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

/// A character of a text that the file's encoding cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: '{character}' (U+{code:04X}) cannot be written in {encoding}", code = u32::from(*.character))]
pub struct Unencodable {
    /// The character.
    pub character: char,
    /// Its 1-based line in the text.
    pub line: usize,
    /// The encoding that lacks it.
    pub encoding: Encoding,
}

/// Encodes `text` exactly: the first character `encoding` cannot hold is an error, not a
/// replacement ([`encode`] writes numeric references instead).
pub fn encode_exact(text: &str, encoding: Encoding) -> Result<Vec<u8>, Unencodable> {
    let codec = match encoding {
        Encoding::Utf8 => return Ok(text.as_bytes().to_vec()),
        Encoding::ShiftJis => SHIFT_JIS,
        Encoding::EucJp => EUC_JP,
    };
    let (bytes, _, lossy) = codec.encode(text);
    if !lossy {
        return Ok(bytes.into_owned());
    }
    let mut buf = [0u8; 4];
    for (index, line) in text.split('\n').enumerate() {
        if let Some(character) = line
            .chars()
            .find(|c| codec.encode(c.encode_utf8(&mut buf)).2)
        {
            return Err(Unencodable {
                character,
                line: index + 1,
                encoding,
            });
        }
    }
    Ok(bytes.into_owned())
}

/// The encoding a record file called `path` is written in by default: Shift_JIS (cp932)
/// for `.kif` and `.ki2`, as Kifu for Windows and the readers that follow it (cshogi,
/// Kifu for JS) expect; UTF-8 for everything else (`.kifu`, `.ki2u`, CSA V3.0 which
/// declares it, JKF, USI, SFEN).
pub fn for_file_name(path: &str) -> Encoding {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some("kif" | "ki2") => Encoding::ShiftJis,
        _ => Encoding::Utf8,
    }
}

/// A record's text as the bytes of a file in `encoding`: the writers' `encoding=UTF-8`
/// declaration on the first line (KIF's `#KIF version=2.0 encoding=...`, CSA V3.0's
/// `'CSA encoding=...`) names `encoding` instead, and a character it cannot hold is an
/// error ([`encode_exact`]).
pub fn file_bytes(text: &str, encoding: Encoding) -> Result<Vec<u8>, Unencodable> {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    if encoding == Encoding::Utf8 || !matches!(first.chars().next(), Some('#' | '\'')) {
        return encode_exact(text, encoding);
    }
    let declared = first.replacen("encoding=UTF-8", &format!("encoding={encoding}"), 1);
    let newline = if text.contains('\n') { "\n" } else { "" };
    encode_exact(&format!("{declared}{newline}{rest}"), encoding)
}

/// The bytes of a record file named `path`: in the encoding its name calls for
/// ([`for_file_name`]: Shift_JIS for .kif and .ki2, what other programs read), or UTF-8,
/// as its first line then says, where the text holds a character Shift_JIS cannot.
pub fn record_file_bytes(text: &str, path: &str) -> Vec<u8> {
    file_bytes(text, for_file_name(path)).unwrap_or_else(|_| text.as_bytes().to_vec())
}

/// An `encoding=NAME` declaration in the first three lines, on a line of its own kind
/// (KIF's `#KIF version=2.0 encoding=...`, CSA's `'encoding=...`), not inside a header
/// value, with its 1-based line.
fn declared_encoding(bytes: &[u8]) -> Option<(Encoding, usize)> {
    for (i, line) in bytes.split(|&b| b == b'\n').take(3).enumerate() {
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
                return Some((e, i + 1));
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

    #[test]
    fn files_are_written_exactly_in_their_encoding() {
        let text = "#KIF version=2.0 encoding=UTF-8\n先手：羽生\n*encoding=UTF-8 stays\n";
        let bytes = file_bytes(text, Encoding::ShiftJis).unwrap();
        let back = decode(&bytes);
        assert_eq!(back.1, Encoding::ShiftJis);
        assert!(
            back.0
                .starts_with("#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n")
        );
        assert!(back.0.ends_with("*encoding=UTF-8 stays\n"));
        assert_eq!(file_bytes(text, Encoding::Utf8).unwrap(), text.as_bytes());
        let e = file_bytes("先手：a\n後手：♔ b\n", Encoding::ShiftJis).unwrap_err();
        assert_eq!((e.character, e.line), ('♔', 2));
        assert_eq!(
            e.to_string(),
            "line 2: '♔' (U+2654) cannot be written in Shift_JIS"
        );
        assert_eq!(for_file_name("a/b.KIF"), Encoding::ShiftJis);
        assert_eq!(for_file_name("b.ki2"), Encoding::ShiftJis);
        assert_eq!(for_file_name("b.kifu"), Encoding::Utf8);
        assert_eq!(for_file_name("b.csa"), Encoding::Utf8);
        // A record file by its name; UTF-8, declared so, where Shift_JIS cannot hold it.
        let sjis = record_file_bytes(text, "game.kif");
        assert_eq!(decode(&sjis).1, Encoding::ShiftJis);
        assert_eq!(record_file_bytes(text, "game.kifu"), text.as_bytes());
        let king = "#KIF version=2.0 encoding=UTF-8
後手：♔ b
";
        assert_eq!(record_file_bytes(king, "game.kif"), king.as_bytes());
    }

    #[test]
    fn a_declaration_the_bytes_belie_is_overruled() {
        let text = "先手：羽生善治\n手合割：平手\n";
        let sjis = encode(text, Encoding::ShiftJis);
        let lie = [b"#KIF version=2.0 encoding=UTF-8\n".as_slice(), &sjis].concat();
        let d = decode_checked(&lie);
        assert_eq!(d.encoding, Encoding::ShiftJis);
        assert!(d.text.ends_with(text));
        assert_eq!(d.wrong_declaration, Some((Encoding::Utf8, 1)));
        let lie = format!("#KIF version=2.0 encoding=Shift_JIS\n{text}");
        let d = decode_checked(lie.as_bytes());
        assert_eq!((d.text, d.encoding), (lie.clone(), Encoding::Utf8));
        assert_eq!(d.wrong_declaration, Some((Encoding::ShiftJis, 1)));
        // An honest declaration, and ASCII under any declaration, raise nothing.
        let honest = [b"'encoding=Shift_JIS\n".as_slice(), &sjis].concat();
        assert_eq!(decode_checked(&honest).wrong_declaration, None);
        let ascii = b"'CSA encoding=Shift_JIS\nV2.2\nPI\n+\n";
        assert_eq!(decode_checked(ascii).encoding, Encoding::ShiftJis);
        assert_eq!(decode_checked(ascii).wrong_declaration, None);
        // Bytes that are nothing clean keep the declared encoding.
        let junk = [
            b"#KIF version=2.0 encoding=UTF-8\n".as_slice(),
            &[0xff, 0xfe, 0x80],
        ]
        .concat();
        assert_eq!(decode_checked(&junk).encoding, Encoding::Utf8);
        assert_eq!(decode_checked(&junk).wrong_declaration, None);
    }
}
