//! The page's message catalogs (`web/locales`, built into the binary as `i18n-LANG.ftl`)
//! read by the server for the few pages it writes itself, such as a tournament's crosstable,
//! so that they speak the reader's language with the page's own words.

use crate::accounts::preferences::LANGUAGES;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Every language's catalog, read once.
struct Catalogs(HashMap<&'static str, FluentBundle<FluentResource>>);

fn catalogs() -> &'static Catalogs {
    static CATALOGS: OnceLock<Catalogs> = OnceLock::new();
    CATALOGS.get_or_init(|| {
        let mut bundles = HashMap::new();
        for lang in LANGUAGES {
            let Some(text) = crate::http::assets::embedded(&format!("i18n-{lang}.ftl")) else {
                continue;
            };
            // A catalog that does not parse whole is the suite's to catch; what parses serves.
            let resource = match FluentResource::try_new(String::from_utf8_lossy(text).into_owned())
            {
                Ok(r) | Err((r, _)) => r,
            };
            let id = lang.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            let _ = bundle.add_resource(resource);
            bundles.insert(lang, bundle);
        }
        Catalogs(bundles)
    })
}

/// The page's language named by `asked` (a `?lang=` value, or an `Accept-Language` header:
/// its first language the page speaks), else English.
pub fn language(asked: Option<&str>) -> &'static str {
    asked
        .into_iter()
        .flat_map(|a| a.split(','))
        .filter_map(|tag| tag.split(';').next())
        .map(|tag| {
            tag.trim()
                .split('-')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase()
        })
        .find_map(|base| LANGUAGES.into_iter().find(|l| *l == base))
        .unwrap_or("en")
}

/// The message `id` of `lang`'s catalog with `args` (English's if that catalog lacks it, the
/// id itself if English does too).
pub fn text(lang: &str, id: &str, args: Option<&FluentArgs>) -> String {
    for lang in [lang, "en"] {
        let Some(bundle) = catalogs().0.get(lang) else {
            continue;
        };
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
        }
    }
    id.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_comes_from_the_query_or_the_browser_else_english() {
        assert_eq!(language(Some("ja")), "ja");
        assert_eq!(language(Some("de-AT,de;q=0.9,en;q=0.8")), "de");
        assert_eq!(language(Some("pt-BR, fi;q=0.5")), "fi");
        assert_eq!(language(Some("xx")), "en");
        assert_eq!(language(None), "en");
    }

    #[test]
    fn messages_come_from_the_built_catalogs_in_each_language() {
        assert_eq!(text("en", "nav-lobby", None), "Lobby");
        assert_ne!(text("ja", "nav-lobby", None), "Lobby");
        let mut args = FluentArgs::new();
        args.set("round", 3);
        assert!(text("de", "tournament-crosstable-round", Some(&args)).contains('3'));
        assert_eq!(text("fi", "no-such-message", None), "no-such-message");
    }
}
