//! The users of a hall's `passwd` and `acl` that `hall init` did not write (a bridge user that
//! `hall add-bridge` installed): `hall init --force` keeps them, `hall add-bridge` replaces one.
//! `hall init` writes only `board-<n>` and `station`; every other name is someone else's.

use std::fmt::Write as _;

/// Whether `hall init` writes a user of this name.
pub fn written_by_init(user: &str) -> bool {
    user == "station"
        || user
            .strip_prefix("board-")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The user of a password file line.
fn passwd_user(line: &str) -> Option<&str> {
    line.split_once(':').map(|(user, _)| user)
}

/// The ACL blocks of an `acl` text: each `user NAME` line with the lines up to the next one
/// (comments and lines before the first `user` line are left out).
pub fn acl_blocks(acl: &str) -> Vec<(String, String)> {
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in acl.lines() {
        if let Some(user) = line.trim().strip_prefix("user ") {
            blocks.push((user.trim().to_string(), String::new()));
        }
        if let Some((_, text)) = blocks.last_mut() {
            if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
                let _ = writeln!(text, "{}", line.trim());
            }
        }
    }
    blocks
}

/// What of an earlier hall `hall init --force` keeps: the lines and blocks of the users it
/// does not write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    /// Their password file lines, each ending in a newline.
    pub passwd: String,
    /// Their ACL blocks, each followed by a blank line.
    pub acl: String,
    /// Their names.
    pub names: Vec<String>,
}

/// The users of `passwd` and `acl` that `hall init` did not write.
pub fn kept(passwd: &str, acl: &str) -> Kept {
    let mut kept = Kept::default();
    for line in passwd.lines() {
        if let Some(user) = passwd_user(line).filter(|u| !written_by_init(u)) {
            let _ = writeln!(kept.passwd, "{line}");
            kept.names.push(user.to_string());
        }
    }
    for (user, block) in acl_blocks(acl) {
        if !written_by_init(&user) {
            kept.acl += &block;
            kept.acl.push('\n');
            if !kept.names.contains(&user) {
                kept.names.push(user);
            }
        }
    }
    kept
}

/// `passwd` with `user`'s line replaced by `line` (added when it had none).
pub fn replace_passwd(passwd: &str, user: &str, line: &str) -> String {
    let mut text = String::new();
    for old in passwd.lines() {
        if passwd_user(old) != Some(user) && !old.trim().is_empty() {
            let _ = writeln!(text, "{old}");
        }
    }
    let _ = writeln!(text, "{line}");
    text
}

/// `acl` with `user`'s block replaced by `block` (added at the end when it had none).
pub fn replace_acl(acl: &str, user: &str, block: &str) -> String {
    let mut text = String::new();
    let mut in_block = false;
    for line in acl.lines() {
        if let Some(name) = line.trim().strip_prefix("user ") {
            in_block = name.trim() == user;
        }
        if !in_block {
            let _ = writeln!(text, "{line}");
        }
    }
    while text.ends_with("\n\n") {
        text.pop();
    }
    text.push('\n');
    text += block;
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_owns_boards_and_the_station_only() {
        assert!(written_by_init("board-12"));
        assert!(written_by_init("station"));
        assert!(!written_by_init("board-"));
        assert!(!written_by_init("board-x"));
        assert!(!written_by_init("bridge-b"));
    }

    #[test]
    fn force_keeps_the_bridge_user_and_its_acl_block() {
        let passwd = "board-1:$7$a\nbridge-b:$7$b\nstation:$7$c\n";
        let acl = "# header\n\nuser board-1\ntopic write x/1\n\nuser bridge-b\ntopic write x/3\ntopic read x/3/c\n\nuser station\ntopic read x/#\n";
        let k = kept(passwd, acl);
        assert_eq!(k.passwd, "bridge-b:$7$b\n");
        assert_eq!(
            k.acl,
            "user bridge-b\ntopic write x/3\ntopic read x/3/c\n\n"
        );
        assert_eq!(k.names, vec!["bridge-b".to_string()]);
    }

    #[test]
    fn a_bridge_user_is_replaced_not_doubled() {
        let passwd = "station:$7$c\nbridge-b:$7$old\n";
        let once = replace_passwd(passwd, "bridge-b", "bridge-b:$7$new");
        assert_eq!(once, "station:$7$c\nbridge-b:$7$new\n");
        let acl = "user station\ntopic read x/#\n\nuser bridge-b\ntopic write old\n";
        let block = "user bridge-b\ntopic write new\n";
        let twice = replace_acl(&replace_acl(acl, "bridge-b", block), "bridge-b", block);
        assert_eq!(
            twice,
            "user station\ntopic read x/#\n\nuser bridge-b\ntopic write new\n"
        );
    }
}
