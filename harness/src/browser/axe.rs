//! axe-core in the page: `tests/web/node_modules/axe-core/axe.min.js` (pinned by
//! `tests/web/package-lock.json`, installed by `.ci/install-web-deps.sh`) evaluated through
//! WebDriver, so a page's Content-Security-Policy does not stop it, then `axe.run` on the
//! document, keeping only the violations.

use super::{Browser, BrowserError};
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One rule the page breaks, as axe-core reports it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Violation {
    /// The rule's id (`image-alt`, `color-contrast` …).
    pub id: String,
    /// `minor`, `moderate`, `serious` or `critical` (absent for some rules).
    pub impact: Option<String>,
    /// What the rule asks for, in one line.
    pub help: String,
    /// Deque's page on the rule.
    #[serde(rename = "helpUrl")]
    pub help_url: String,
    /// A CSS selector for each element that breaks it (` >>> ` separates the steps into
    /// frames and shadow roots).
    pub targets: Vec<String>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let impact = self.impact.as_deref().unwrap_or("no impact given");
        write!(
            f,
            "{} ({impact}): {} [{}]",
            self.id, self.help, self.help_url
        )?;
        for target in &self.targets {
            write!(f, "\n    {target}")?;
        }
        Ok(())
    }
}

/// Where `axe.min.js` is: under `tests/web/node_modules/` of the repository (the harness's
/// parent folder).
pub fn axe_path() -> PathBuf {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR"));
    harness
        .parent()
        .unwrap_or(harness)
        .join("tests/web/node_modules/axe-core/axe.min.js")
}

/// Runs axe on the document and calls back with `{violations}` or `{error}`.
const RUN: &str = r#"
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then(
  (results) => done({
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact || null,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.flat(Infinity).join(' >>> ')),
    })),
  }),
  (error) => done({ error: String(error) }),
);
"#;

impl Browser {
    /// Injects axe-core into the current page (unless it is there already) and runs it on the
    /// whole document: the rules the page breaks, none when it passes. A missing
    /// `axe.min.js` is an error that says how to install it.
    pub fn axe(&self) -> Result<Vec<Violation>, BrowserError> {
        let path = axe_path();
        let present = self.eval("return typeof window.axe === 'object';", vec![])?;
        if present != Value::Bool(true) {
            let source = match std::fs::read_to_string(&path) {
                Ok(source) => source,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(BrowserError::AxeMissing { path });
                }
                Err(source) => return Err(BrowserError::File { path, source }),
            };
            let script = format!("{source}\n;return typeof window.axe === 'object';");
            let loaded = self.eval(&script, vec![])?;
            if loaded != Value::Bool(true) {
                return Err(BrowserError::Axe(format!(
                    "{} did not define window.axe",
                    path.display()
                )));
            }
        }
        let outcome = self.eval_async(RUN, vec![])?;
        if let Some(error) = outcome.get("error").and_then(Value::as_str) {
            return Err(BrowserError::Axe(error.to_string()));
        }
        let violations = outcome.get("violations").cloned().unwrap_or(Value::Null);
        serde_json::from_value(violations.clone()).map_err(|_| BrowserError::Unexpected {
            what: "axe.run's violations".into(),
            value: violations,
        })
    }
}
