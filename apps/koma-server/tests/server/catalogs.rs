//! The page's message catalogs (`web/locales/LANG/*.ftl`, read with Fluent's own parser): every
//! language has every message of English with the same variables, every term of the glossary,
//! and nothing the page does not ask for; every message the page asks for exists.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The page's languages (the server's list, which `language` preferences are checked
/// against); English is the reference.
pub use koma_server::accounts::preferences::LANGUAGES;

/// One language's catalog: its messages and terms, each with its variables and the terms it
/// uses, and the comment above each term.
#[derive(Default)]
pub struct Catalog {
    /// Message id → its variables (`$name`, of the value and attributes).
    pub messages: BTreeMap<String, BTreeSet<String>>,
    /// Term id (without `-`) → the comment above it.
    pub terms: BTreeMap<String, String>,
    /// Term id → its default text (the value, or its default variant's).
    pub term_text: BTreeMap<String, String>,
    /// Every term a message or term of the catalog refers to.
    pub used_terms: BTreeSet<String>,
    /// Terms defined outside the glossary file, by file.
    pub stray_terms: Vec<String>,
}

pub fn web() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

fn ftl_files(lang: &str) -> Vec<PathBuf> {
    let dir = web().join("locales").join(lang);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    files
}

fn walk_pattern(
    pattern: &Pattern<&str>,
    vars: &mut BTreeSet<String>,
    terms: &mut BTreeSet<String>,
) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            walk_expression(expression, vars, terms);
        }
    }
}

fn walk_expression(
    e: &Expression<&str>,
    vars: &mut BTreeSet<String>,
    terms: &mut BTreeSet<String>,
) {
    match e {
        Expression::Select { selector, variants } => {
            walk_inline(selector, vars, terms);
            for v in variants {
                walk_pattern(&v.value, vars, terms);
            }
        }
        Expression::Inline(inline) => walk_inline(inline, vars, terms),
    }
}

fn walk_inline(
    e: &InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    terms: &mut BTreeSet<String>,
) {
    match e {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                walk_inline(a, vars, terms);
            }
            for a in &arguments.named {
                walk_inline(&a.value, vars, terms);
            }
        }
        InlineExpression::TermReference { id, arguments, .. } => {
            terms.insert(id.name.to_string());
            // A term's arguments (`case: "gen"`) are the language's grammar, not the page's data.
            let _ = arguments;
        }
        InlineExpression::Placeable { expression } => walk_expression(expression, vars, terms),
        InlineExpression::MessageReference { id, .. } => {
            terms.insert(format!("message:{}", id.name));
        }
        InlineExpression::StringLiteral { .. } | InlineExpression::NumberLiteral { .. } => {}
    }
}

/// The default text of a term: its plain text, or its default variant's.
fn default_text(pattern: &Pattern<&str>) -> String {
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => {
                if let Some(v) = variants.iter().find(|v| v.default) {
                    text.push_str(&default_text(&v.value));
                }
            }
            PatternElement::Placeable { .. } => {}
        }
    }
    text.trim().to_string()
}

/// Reads and parses the catalog of `lang`; a syntax error fails with its file and place.
pub fn read(lang: &str) -> Catalog {
    let mut catalog = Catalog::default();
    for file in ftl_files(lang) {
        let source = std::fs::read_to_string(&file).unwrap();
        let resource = match fluent_syntax::parser::parse(source.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}: {errors:?}", file.display()),
        };
        let glossary = file.file_name().is_some_and(|n| n == "0-glossary.ftl");
        for entry in &resource.body {
            match entry {
                Entry::Message(m) => {
                    let mut vars = BTreeSet::new();
                    let mut terms = BTreeSet::new();
                    if let Some(value) = &m.value {
                        walk_pattern(value, &mut vars, &mut terms);
                    }
                    for a in &m.attributes {
                        walk_pattern(&a.value, &mut vars, &mut terms);
                    }
                    let id = m.id.name.to_string();
                    assert!(
                        !catalog.messages.contains_key(&id),
                        "{lang}: message '{id}' twice ({})",
                        file.display()
                    );
                    assert!(m.value.is_some(), "{lang}: message '{id}' has no value");
                    catalog.used_terms.extend(terms);
                    catalog.messages.insert(id, vars);
                }
                Entry::Term(term) => {
                    let id = term.id.name.to_string();
                    if !glossary {
                        catalog
                            .stray_terms
                            .push(format!("{id} in {}", file.display()));
                    }
                    let mut vars = BTreeSet::new();
                    let mut terms = BTreeSet::new();
                    walk_pattern(&term.value, &mut vars, &mut terms);
                    catalog.used_terms.extend(terms);
                    let comment = term
                        .comment
                        .as_ref()
                        .map(|c| c.content.join("\n"))
                        .unwrap_or_default();
                    catalog
                        .term_text
                        .insert(id.clone(), default_text(&term.value));
                    assert!(
                        catalog.terms.insert(id.clone(), comment).is_none(),
                        "{lang}: term '-{id}' twice"
                    );
                }
                Entry::Junk { content } => panic!("{}: cannot read {content:?}", file.display()),
                _ => {}
            }
        }
    }
    catalog
}

#[test]
fn every_language_has_every_message_with_the_same_variables_and_every_term() {
    // The catalogs' folders are the server's languages, no more, no fewer.
    let mut folders: Vec<String> = std::fs::read_dir(web().join("locales"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut languages = LANGUAGES.map(String::from).to_vec();
    languages.sort();
    assert_eq!(folders, languages);
    // And the page's picker (`LANGUAGES` of web/src/i18n.ts: `["ja", "日本語"],` a line).
    let i18n = std::fs::read_to_string(web().join("src/i18n.ts")).unwrap();
    let mut picked: Vec<String> = i18n
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[\""))
        .filter_map(|l| l.split_once("\", \""))
        .map(|(code, _)| code.to_string())
        .collect();
    picked.sort();
    assert_eq!(picked, languages, "the page's language picker");
    let english = read("en");
    assert!(
        english.messages.len() > 100,
        "{} messages",
        english.messages.len()
    );
    for lang in LANGUAGES {
        let catalog = read(lang);
        let missing: Vec<_> = english
            .messages
            .keys()
            .filter(|k| !catalog.messages.contains_key(*k))
            .collect();
        let extra: Vec<_> = catalog
            .messages
            .keys()
            .filter(|k| !english.messages.contains_key(*k))
            .collect();
        assert!(
            missing.is_empty(),
            "{lang} lacks {} messages, such as {:?}",
            missing.len(),
            &missing[..missing.len().min(10)]
        );
        assert!(
            extra.is_empty(),
            "{lang} has messages English lacks: {extra:?}"
        );
        for (id, vars) in &english.messages {
            assert_eq!(
                &catalog.messages[id], vars,
                "{lang}: the variables of '{id}'"
            );
        }
        let terms: BTreeSet<_> = catalog.terms.keys().collect();
        let english_terms: BTreeSet<_> = english.terms.keys().collect();
        assert_eq!(terms, english_terms, "{lang}: the glossary's terms");
        assert!(
            catalog.stray_terms.is_empty(),
            "{lang}: terms outside the glossary: {:?}",
            catalog.stray_terms
        );
        for used in &catalog.used_terms {
            if let Some(message) = used.strip_prefix("message:") {
                assert!(
                    catalog.messages.contains_key(message),
                    "{lang}: no message '{message}'"
                );
            } else {
                assert!(
                    catalog.terms.contains_key(used),
                    "{lang}: no term '-{used}'"
                );
            }
        }
    }
}

fn is_id_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_'
}

/// The page's TypeScript files.
fn sources() -> Vec<(PathBuf, String)> {
    let src = web().join("src");
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ts"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    files.sort();
    files
}

/// The quoted ids of `text` (`"a-b"`, `'a-b'`), and the prefixes that template literals build
/// ids from (`` `error-${code}` `` gives `error-`).
fn quoted_ids(text: &str, literals: &mut BTreeSet<String>, prefixes: &mut BTreeSet<String>) {
    let bytes = text.as_bytes();
    for (i, &quote) in bytes.iter().enumerate() {
        if !matches!(quote, b'"' | b'\'' | b'`') {
            continue;
        }
        let end = i
            + 1
            + bytes[i + 1..]
                .iter()
                .take_while(|b| is_id_byte(**b))
                .count();
        if end == i + 1 || end >= bytes.len() {
            continue;
        }
        if bytes[end] == quote {
            literals.insert(text[i + 1..end].to_string());
        } else if (quote == b'`' && text[end..].starts_with("${"))
            || (quote == b'"' && bytes[end] == b'{')
        {
            // A template literal's `${`, or a Rust format string's `{`.
            prefixes.insert(text[i + 1..end].to_string());
        }
    }
}

/// The ids passed as literals to `t(`.
fn translated_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut ids = Vec::new();
    for (i, _) in text.match_indices("t(\"") {
        if i > 0
            && (bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b'.')
        {
            continue;
        }
        let rest = &text[i + 3..];
        let len = rest.bytes().take_while(|b| is_id_byte(*b)).count();
        if rest[len..].starts_with('"') {
            ids.push(rest[..len].to_string());
        }
    }
    ids
}

#[test]
fn the_page_asks_for_messages_english_has_and_english_has_none_the_page_never_asks_for() {
    let english = read("en");
    let mut literals = BTreeSet::new();
    let mut prefixes = BTreeSet::new();
    for (path, text) in sources() {
        quoted_ids(&text, &mut literals, &mut prefixes);
        for id in translated_ids(&text) {
            assert!(
                english.messages.contains_key(&id),
                "{}: no message '{id}' in English",
                path.display()
            );
        }
    }
    let html = std::fs::read_to_string(web().join("static/index.html")).unwrap();
    for part in html.split("data-l10n=\"").skip(1) {
        let id = part.split('"').next().unwrap();
        assert!(
            english.messages.contains_key(id),
            "index.html: no message '{id}'"
        );
        literals.insert(id.to_string());
    }
    // The pages the server writes itself ask for messages too (src/i18n.rs's `text`).
    for path in rust_sources() {
        let text = std::fs::read_to_string(&path).unwrap();
        if text.contains("i18n::text(") {
            quoted_ids(&text, &mut literals, &mut prefixes);
        }
    }
    let unused: Vec<_> = english
        .messages
        .keys()
        .filter(|id| {
            !literals.contains(*id) && !prefixes.iter().any(|p| id.starts_with(p.as_str()))
        })
        .filter(|id| !english.used_terms.contains(&format!("message:{id}")))
        .collect();
    assert!(
        unused.is_empty(),
        "messages the page never asks for: {unused:?}"
    );
}

/// The server's Rust files.
fn rust_sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files
}

/// Every error code the server sends: the string literals of its `fn code(` functions (every
/// code goes out through one of them: `ApiError::code` and the refusals' own).
fn server_error_codes() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for path in rust_sources() {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("fn code(") {
            let line = text[..at].rsplit('\n').next().unwrap();
            let indent = &line[..line.len() - line.trim_start().len()];
            let end = text[at..].find(&format!("\n{indent}}}")).unwrap();
            quoted_ids(&text[at..at + end], &mut codes, &mut BTreeSet::new());
        }
    }
    codes
}

#[test]
fn every_error_code_the_server_sends_has_a_message() {
    let english = read("en");
    let codes = server_error_codes();
    assert!(codes.len() > 60, "{} codes found", codes.len());
    assert!(codes.contains("not_your_turn") && codes.contains("connections_full"));
    let missing: Vec<_> = codes
        .iter()
        .filter(|c| !english.messages.contains_key(&format!("error-{c}")))
        .collect();
    assert!(
        missing.is_empty(),
        "error codes without a message: {missing:?}"
    );
}
