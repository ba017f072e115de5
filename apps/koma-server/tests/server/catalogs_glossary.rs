//! Each language's glossary (`web/locales/LANG/0-glossary.ftl`) against the rulebooks' words
//! (`../shared/reference/terms.md`): a term that names a row of terms.md uses a word of that
//! row's cell in its language; one that does not says why and where its word comes from.

use crate::catalogs::{LANGUAGES, read};
use std::collections::BTreeMap;

/// terms.md's rows: concept → the cells (Japanese, German, Dutch, Finnish).
fn rulebook_rows() -> BTreeMap<String, Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/reference/terms.md"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 5 || cells[0].starts_with("concept") || cells[0].starts_with("---") {
            continue;
        }
        let concept: String = cells[0]
            .chars()
            .filter(|c| !"¹²³⁴⁵⁶⁷⁸⁹⁰".contains(*c))
            .collect();
        let cells = cells[1..]
            .iter()
            .map(|c| c.replace('*', "").to_lowercase())
            .collect();
        rows.insert(concept.trim().to_string(), cells);
    }
    rows
}

/// The column of `lang` in terms.md's rows, if it has one.
fn column(lang: &str) -> Option<usize> {
    ["ja", "de", "nl", "fi"].iter().position(|l| *l == lang)
}

#[test]
fn every_glossary_follows_the_rulebooks_or_says_where_its_word_comes_from() {
    let rows = rulebook_rows();
    assert!(rows.len() > 50, "{} rows read from terms.md", rows.len());
    let english = read("en");
    assert!(english.terms.len() >= 40, "{} terms", english.terms.len());
    for (id, comment) in &english.terms {
        let concept = comment.lines().find_map(|l| l.strip_prefix("terms.md: "));
        let concept = concept.unwrap_or_else(|| panic!("en: -{id} names no row of terms.md"));
        assert!(
            rows.contains_key(concept),
            "en: -{id}: terms.md has no row '{concept}'"
        );
    }
    for lang in LANGUAGES.into_iter().filter(|l| *l != "en") {
        let catalog = read(lang);
        for (id, comment) in &catalog.terms {
            let word = catalog.term_text[id].to_lowercase();
            assert!(!word.is_empty(), "{lang}: -{id} is empty");
            let source = comment.lines().find_map(|l| l.strip_prefix("terms.md: "));
            match (source, column(lang)) {
                (Some(concept), Some(col)) => {
                    let row = rows
                        .get(concept)
                        .unwrap_or_else(|| panic!("{lang}: -{id}: no row '{concept}'"));
                    assert!(
                        row[col].contains(&word),
                        "{lang}: -{id} is '{word}', which the rulebooks' cell '{}' does not hold",
                        row[col]
                    );
                }
                (Some(_), None) => {
                    panic!("{lang}: -{id} cites terms.md, which has no column for {lang}")
                }
                (None, _) => {
                    let why = comment
                        .lines()
                        .find_map(|l| l.strip_prefix("not in terms.md: "));
                    assert!(
                        why.is_some_and(|w| w.len() > 10),
                        "{lang}: -{id} neither cites terms.md nor says where its word comes from"
                    );
                }
            }
        }
    }
}
