//! The rule profiles in the configuration: the defaults table per profile, explicit settings
//! overriding it, and what a draughts tournament refuses.

use super::*;
use crate::clock::MINUTE;

const STAGE: &str = "[[time_control.stage]]\ntime = \"30:00\"\n";

fn parse(head: &str, rest: &str) -> Result<Config, ConfigError> {
    Config::parse(&format!("{head}{STAGE}{rest}"), "rules.toml")
}

fn valid(head: &str, rest: &str) -> Config {
    parse(head, rest).unwrap_or_else(|e| panic!("{e}"))
}

fn problems(head: &str, rest: &str) -> Vec<(usize, usize, String)> {
    parse(head, rest)
        .expect_err("a problem")
        .problems
        .into_iter()
        .map(|p| (p.line, p.column, p.message))
        .collect()
}

const VISIONS: &str = "[players.white]\nvision = \"totally_blind\"\n\
                       [players.black]\nvision = \"low_vision\"\n";

/// The defaults table: (rules line, warnings White/Black, moves to control, flag to the
/// opponent, moves on the time button).
#[test]
fn each_profile_sets_its_defaults() {
    type Row = (&'static str, Rules, [Vec<Ms>; 2], Vec<u32>, bool, bool);
    let rows: [Row; 3] = [
        (
            "",
            Rules::RussianDraughts,
            [vec![10 * MINUTE], vec![5 * MINUTE]],
            vec![5, 1],
            true,
            false,
        ),
        (
            "rules = \"russian-draughts\"\n",
            Rules::RussianDraughts,
            [vec![10 * MINUTE], vec![5 * MINUTE]],
            vec![5, 1],
            true,
            false,
        ),
        (
            "rules = \"fide\"\n",
            Rules::Fide,
            [vec![], vec![]],
            vec![],
            false,
            true,
        ),
    ];
    for (head, rules, warnings, to_control, flag, moves) in rows {
        let config = valid(head, VISIONS);
        let table = config.table_settings();
        assert_eq!(config.rules, rules, "{head}");
        assert_eq!(table.setup.rules, rules, "{head}");
        assert_eq!(table.warnings.clone().map(|w| w.times), warnings, "{head}");
        assert_eq!(table.announce.moves_to_control, to_control, "{head}");
        assert_eq!(table.announce.flag_to_opponent, flag, "{head}");
        assert_eq!(table.announce.moves_on_query, moves, "{head}");
    }
}

#[test]
fn under_fide_explicit_settings_override_the_defaults() {
    let config = valid(
        "rules = \"fide\"\n",
        "[players.white]\nvision = \"totally_blind\"\nextra_warnings = [\"5:00\"]\n\
         [players.black]\nvision = \"low_vision\"\nwarnings = [\"10:00\", \"2:00\"]\n\
         [announce]\nflag_to_opponent = true\nmoves_on_query = false\nmoves_to_control = [3]\n",
    );
    let table = config.table_settings();
    assert_eq!(
        table.warnings.map(|w| w.times),
        [vec![5 * MINUTE], vec![10 * MINUTE, 2 * MINUTE]]
    );
    assert!(table.announce.flag_to_opponent);
    assert!(!table.announce.moves_on_query);
    assert_eq!(table.announce.moves_to_control, vec![3]);
}

#[test]
fn under_draughts_a_players_own_list_may_add_to_the_rules_warning() {
    let config = valid(
        "mode = \"tournament\"\n",
        "[players.white]\nwarnings = [\"10:00\", \"1:00\"]\n\
         [players.black]\nvision = \"sighted\"\nwarnings = []\n",
    );
    assert_eq!(
        config.table_settings().warnings.map(|w| w.times),
        [vec![10 * MINUTE, MINUTE], vec![]]
    );
    // In practice the list is the player's own choice.
    let practice = valid(
        "mode = \"practice\"\n",
        "[players.white]\nwarnings = [\"1:00\"]\n",
    );
    assert_eq!(practice.table_settings().warnings[0].times, vec![MINUTE]);
}

#[test]
fn an_unknown_profile_is_placed_and_the_accepted_values_named() {
    let found = problems("rules = \"chess\"\n", "");
    assert_eq!(
        found,
        vec![(
            1,
            9,
            "`rules` cannot be \"chess\"; expected one of \"russian-draughts\", \"fide\""
                .to_string()
        )]
    );
}

#[test]
fn a_draughts_tournament_refuses_to_drop_what_1_7_9_requires() {
    let found = problems(
        "mode = \"tournament\"\n",
        "[players.black]\nvision = \"low_vision\"\nwarnings = [\"2:00\"]\n\
         [announce]\nflag_to_opponent = false\n",
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (6, 12));
    assert!(
        found[0].2.contains("\"5:00\"") && found[0].2.contains("1.7.9"),
        "{found:?}"
    );
    assert_eq!((found[1].0, found[1].1), (8, 20));
    assert!(found[1].2.contains("1.7.9"), "{found:?}");
    // The same file under fide is valid.
    valid(
        "mode = \"tournament\"\nrules = \"fide\"\n",
        "[players.black]\nvision = \"low_vision\"\nwarnings = [\"2:00\"]\n\
         [announce]\nflag_to_opponent = false\n",
    );
}

#[test]
fn warnings_and_extra_warnings_together_are_refused() {
    let found = problems(
        "rules = \"fide\"\n",
        "[players.white]\nwarnings = [\"5:00\"]\nextra_warnings = [\"1:00\"]\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (5, 12));
    assert!(found[0].2.contains("cannot both be set"), "{found:?}");
}

#[test]
fn a_reminder_in_a_fide_tournament_cites_12_6() {
    let found = problems(
        "mode = \"tournament\"\nrules = \"fide\"\n",
        "[announce]\nremind_after = \"1:00\"\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].2.contains("FIDE 12.6"), "{found:?}");
}
