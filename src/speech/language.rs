//! The languages the clock speaks: one for each phrasing catalogue compiled in
//! (`src/speech/lang/<code>.toml`). A [`Lang`] is valid by construction — it names a
//! catalogue present — so code outside the grammar layer never branches on a language: it
//! asks the language's catalogue for its words ([`Lang::word`], [`Lang::words`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::catalogue::{self, Catalogue};

/// A language the clock speaks: the index of its catalogue among those compiled in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(u8);

/// How many catalogues are compiled in.
const COUNT: usize = catalogue::EMBEDDED.len();

#[allow(non_upper_case_globals)]
impl Lang {
    /// Russian (the first catalogue, the configuration's default).
    pub const Ru: Lang = Lang(0);
    /// English (the language of a locale the clock does not speak).
    pub const En: Lang = Lang(1);

    /// Every language with a catalogue, in the catalogues' order (ru, en, de, uk, pl).
    pub const ALL: [Lang; COUNT] = {
        let mut all = [Lang(0); COUNT];
        let mut i = 0;
        while i < COUNT {
            all[i] = Lang(i as u8);
            i += 1;
        }
        all
    };

    /// The short code used in voice packs and on the command line ("ru", "en", "de", "pl").
    pub fn code(self) -> &'static str {
        catalogue::EMBEDDED[self.0 as usize].0
    }

    /// Parses a short code ("ru", "de"), ignoring ASCII case: a language with a catalogue.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The codes of every language, for a message: "ru, en, de, uk or pl" (`or` in English).
    pub fn codes_listed() -> String {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        match codes.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The language's name in itself ("русский", "English", "Deutsch", "українська").
    pub fn own_name(self) -> &'static str {
        self.word("language", "own_name")
    }

    /// The word `key` of the area `area` (`[words.<area>]` in the language's catalogue). The
    /// code asks only for words every catalogue holds (a test reads them all), so a missing
    /// one is a fault of the build.
    pub fn word(self, area: &str, key: &str) -> &'static str {
        self.catalogue().word(area, key)
    }

    /// The word `key` of `area` with its `{placeholders}` filled from `args`, in one pass.
    pub fn words(self, area: &str, key: &str, args: &[(&str, &str)]) -> String {
        catalogue::fill(self.word(area, key), args)
    }

    /// The language's catalogue.
    pub(crate) fn catalogue(self) -> &'static Catalogue {
        Catalogue::of(self)
    }

    /// The language of the user's locale, as POSIX orders its variables (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; the first set and not empty decides), read through `var`:
    /// a locale whose language the clock speaks (`ru_RU.UTF-8`: Russian, `de_AT`: German, `uk_UA`: Ukrainian),
    /// else English (`C`, `POSIX`, unset, and every other language).
    pub fn of_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|v| !v.trim().is_empty()))
            .unwrap_or_default();
        let language = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default();
        Lang::from_code(language).unwrap_or(Lang::En)
    }

    /// The language of this process's locale ([`Lang::of_locale`] on its environment).
    pub fn of_environment() -> Lang {
        Lang::of_locale(|name| std::env::var(name).ok())
    }
}

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(deserializer)?;
        Lang::from_code(&code).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{code}` is not a language; expected {}",
                Lang::codes_listed()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    fn of(vars: &[(&str, &str)]) -> Lang {
        Lang::of_locale(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_locale_says_the_language_in_posix_order() {
        assert_eq!(of(&[("LANG", "ru_RU.UTF-8")]), Lang::Ru);
        assert_eq!(of(&[("LANG", "en_GB.UTF-8")]), Lang::En);
        assert_eq!(
            of(&[("LANG", "ru_UA.UTF-8"), ("LC_MESSAGES", "en_US")]),
            Lang::En
        );
        assert_eq!(
            of(&[
                ("LANG", "en_US"),
                ("LC_MESSAGES", "en_US"),
                ("LC_ALL", "ru_RU")
            ]),
            Lang::Ru
        );
        assert_eq!(of(&[("LC_ALL", ""), ("LANG", "ru")]), Lang::Ru);
        // German has a catalogue, so a German locale speaks German.
        assert_eq!(
            of(&[("LANG", "de_DE.UTF-8")]),
            Lang::from_code("de").unwrap()
        );
        // Ukrainian too; a Russian speaker in Ukraine (`ru_UA`) hears Russian.
        let uk = Lang::from_code("uk").unwrap();
        assert_eq!(of(&[("LANG", "uk_UA.UTF-8")]), uk);
        assert_eq!(of(&[("LC_ALL", "ru_UA.UTF-8")]), Lang::Ru);
        // Polish too.
        assert_eq!(
            of(&[("LANG", "pl_PL.UTF-8")]),
            Lang::from_code("pl").unwrap()
        );
        // A language the clock does not speak, C, POSIX and nothing at all: English.
        for locale in ["fr_FR.UTF-8", "C", "POSIX", "C.UTF-8"] {
            assert_eq!(of(&[("LANG", locale)]), Lang::En, "{locale}");
        }
        assert_eq!(of(&[]), Lang::En);
    }

    #[test]
    fn every_catalogue_is_a_language_and_names_itself() {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        assert_eq!(codes, ["ru", "en", "de", "uk", "pl"]);
        assert_eq!(Lang::codes_listed(), "ru, en, de, uk or pl");
        assert_eq!(Lang::from_code("DE").map(Lang::own_name), Some("Deutsch"));
        assert_eq!(Lang::from_code("pl").map(Lang::own_name), Some("polski"));
        assert_eq!(Lang::Ru.own_name(), "русский");
        assert_eq!(
            Lang::from_code("uk").map(Lang::own_name),
            Some("українська")
        );
        assert_eq!(Lang::from_code("xx"), None);
    }

    #[test]
    fn the_menu_names_german_in_itself_where_no_clip_names_it() {
        use crate::speech::{phrase, Announcement, MenuItem, MenuPrompt};
        let de = Lang::from_code("de").unwrap();
        let item = |lang: Lang| {
            phrase(
                lang,
                &Announcement::Menu(MenuPrompt::Item {
                    position: 3,
                    count: 3,
                    item: MenuItem::Language(de),
                    chosen: false,
                }),
            )
            .text
        };
        assert!(
            item(Lang::Ru).starts_with("«Deutsch»"),
            "{}",
            item(Lang::Ru)
        );
        assert!(
            item(Lang::En).starts_with("«Deutsch»"),
            "{}",
            item(Lang::En)
        );
        assert!(item(de).starts_with("Deutsch"), "{}", item(de));
        // Said by the German voice: the Russian menu's utterance hands "Deutsch" to it.
        let ru = phrase(
            Lang::Ru,
            &Announcement::Menu(MenuPrompt::Item {
                position: 3,
                count: 3,
                item: MenuItem::Language(de),
                chosen: false,
            }),
        );
        assert_eq!(ru.clips.first().map(String::as_str), Some("@de"), "{ru:?}");
        assert!(ru.keys().all(|k| !k.starts_with('@')), "{ru:?}");
    }

    #[test]
    fn every_language_names_itself_in_its_own_words() {
        for lang in Lang::ALL {
            let name = crate::speech::own_name(lang);
            assert!(!name.clips.is_empty(), "{}: {name:?}", lang.code());
            assert!(
                name.text
                    .to_lowercase()
                    .starts_with(&lang.own_name().to_lowercase()),
                "{}: {name:?}",
                lang.code()
            );
        }
    }

    /// The read-back of the set-up names each player's language as the menu's items do: by
    /// the menu's clip where its catalogue has one, else by the language's own name; the
    /// Polish menu names Polish and German by its own clips.
    #[test]
    fn the_read_back_names_a_language_without_a_clip_by_its_own_name() {
        use crate::schedule::Vision;
        use crate::speech::{phrase, Announcement, ControlEnd, MenuPrompt, Side};
        let pl = Lang::from_code("pl").unwrap();
        let de = Lang::from_code("de").unwrap();
        let read_back = |menu: Lang, languages: [Lang; 2]| {
            phrase(
                menu,
                &Announcement::Menu(MenuPrompt::ReadBack {
                    stages: Vec::new(),
                    hourglass: false,
                    end: ControlEnd::Upcount,
                    times: [60_000, 60_000],
                    visions: [Vision::Sighted, Vision::Sighted],
                    languages,
                    first: Side::White,
                }),
            )
            .text
        };
        let ru = read_back(Lang::Ru, [pl, de]);
        assert!(ru.contains("Белые: зрячий, «polski», одна минута."), "{ru}");
        assert!(
            ru.contains("Чёрные: зрячий, «Deutsch», одна минута."),
            "{ru}"
        );
        let en = read_back(Lang::En, [pl, Lang::En]);
        assert!(en.contains("White: sighted, «polski», one minute."), "{en}");
        assert_eq!(
            read_back(pl, [pl, de]),
            "Sprawdzenie ustawień. Tempo gry: czas liczony od zera. Białe: widzący, polski, \
             jedna minuta. Czarne: widzący, niemiecki, jedna minuta. Zaczynają białe."
        );
    }

    #[test]
    fn the_read_back_names_a_language_its_menu_has_no_template_for() {
        // The read-back once said `language_<code>` as a template, so a Russian menu reading
        // back a Ukrainian or German player panicked ("ru.toml has no template").
        use crate::schedule::Vision;
        use crate::speech::{phrase, Announcement, ControlEnd, MenuPrompt, Side, StageInfo};
        let (uk, de) = (
            Lang::from_code("uk").unwrap(),
            Lang::from_code("de").unwrap(),
        );
        let stage = StageInfo {
            moves: None,
            time_ms: 3_600_000,
            increment_ms: 0,
            delay_ms: 0,
            delay_kind: None,
            repeat: false,
        };
        let read_back = |lang: Lang| {
            let prompt = MenuPrompt::ReadBack {
                stages: vec![stage.clone()],
                hourglass: false,
                end: ControlEnd::Flag,
                times: [3_600_000, 3_600_000],
                visions: [Vision::TotallyBlind, Vision::Sighted],
                languages: [uk, de],
                first: Side::White,
            };
            phrase(lang, &Announcement::Menu(prompt)).text
        };
        assert_eq!(
            read_back(Lang::Ru),
            "Проверка настройки. Контроль времени: один час до конца партии. Белые: незрячий, \
             «українська», один час. Чёрные: зрячий, «Deutsch», один час. Первыми ходят белые."
        );
        assert!(
            read_back(uk).contains(
                "Білі: незрячий, українська мова, одна година. Чорні: зрячий, німецька мова, \
                 одна година."
            ),
            "{}",
            read_back(uk)
        );
    }

    #[test]
    fn a_language_reads_and_writes_as_its_code() {
        let de: Lang = serde_json::from_str("\"de\"").unwrap();
        assert_eq!(serde_json::to_string(&de).unwrap(), "\"de\"");
        let err = serde_json::from_str::<Lang>("\"xx\"").unwrap_err();
        assert!(
            err.to_string().contains("expected ru, en, de, uk or pl"),
            "{err}"
        );
        let pl: Lang = serde_json::from_str("\"pl\"").unwrap();
        assert_eq!(pl.own_name(), "polski");
    }
}
