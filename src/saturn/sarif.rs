//! Saturn's findings as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), the
//! log code-scanning services and editors read: one run per file checked, each warning a
//! result with its rule, place and message, the run's inputs and replay in the result's
//! properties, a Type A lock error's two calls as related locations, and the run's unsound
//! steps and failed functions as notifications of its invocation (a log without results is
//! still no proof of safety, and says so).
//!
//! The log is built as a `serde_json::Value`, whose objects keep their keys sorted, so the
//! same findings always give the same text.

use serde_json::{Value, json};

use super::assert::Replay;
use super::lock::LockError;
use super::render::{
    self, Finding, NO_PROOF, Outcome, Places, assert_unsound_steps, leak_unsound_steps,
    lock_unsound_steps,
};
use crate::syntax::Span;

/// The version of the format written.
pub const VERSION: &str = "2.1.0";

/// The rules the checkers report, in the order of `tool.driver.rules`.
const RULES: &[(&str, &str, &str)] = &[
    (
        "assert",
        "FailingCheck",
        "A check of the program (an assert, reach_error, or a property's check) fails on a run \
         within the unrolling; the run's inputs are given and replayed on craig's interpreter.",
    ),
    (
        "lock-type-a",
        "LockErrorWhateverTheEntryState",
        "A lock ends in the error state (double lock, or unlock of an unlocked lock) whatever \
         its state when the function is entered (Saturn's Type A).",
    ),
    (
        "lock-type-b",
        "AmbiguousLockStateOnExit",
        "From one entry state and return value, the function can exit with the lock held or \
         free (Saturn's Type B).",
    ),
    (
        "leak",
        "MemoryLostOnReturn",
        "A heap object the function allocates (or gets from an allocator it calls) is still \
         live when the function returns, and no route the caller can follow reaches it.",
    ),
];

/// A URI reference for a file name as the user gave it: the characters that would change
/// its meaning as a URI are percent-encoded, path separators kept.
fn uri(name: &str) -> String {
    let mut text = String::new();
    for c in name.chars() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '.' | '_' | '~' | '/' => text.push(c),
            '\\' => text.push('/'),
            _ => {
                let mut bytes = [0u8; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    text.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    text
}

fn location(places: &Places<'_>, span: Option<Span>, message: Option<String>) -> Value {
    let (file, line_col) = places.region(span);
    let mut physical = json!({ "artifactLocation": { "uri": uri(&file) } });
    if let Some((line, column)) = line_col {
        physical["region"] = json!({ "startLine": line, "startColumn": column });
    }
    let mut location = json!({ "physicalLocation": physical });
    if let Some(text) = message {
        location["message"] = json!({ "text": text });
    }
    location
}

fn inputs(values: &[(String, rug::Integer)]) -> Value {
    // Values as decimal strings: they may not fit a JSON number's usual 64 bits.
    Value::Array(
        values.iter().map(|(name, v)| json!({ "name": name, "value": v.to_string() })).collect(),
    )
}

/// An assertion warning's inputs; one the front end's temporary stands for also says the
/// expression that reads it and where.
fn assert_inputs(w: &super::assert::Warning, places: &Places<'_>) -> Value {
    let mut values = inputs(&w.inputs);
    for (k, input) in values.as_array_mut().expect("an array").iter_mut().enumerate() {
        if let Some(span) = w.input_places.get(k).copied().flatten() {
            input["expression"] = json!(render::expression(places, span));
            input["location"] = location(places, Some(span), None);
        }
    }
    values
}

fn result(finding: Finding<'_>, places: &Places<'_>) -> Value {
    let rule = render::rule_of(finding);
    let index = RULES.iter().position(|(id, ..)| *id == rule).expect("every rule is listed");
    let mut result = json!({
        "ruleId": rule,
        "ruleIndex": index,
        "level": "warning",
        "message": { "text": render::message(finding, places) },
        "locations": [location(places, render::span_of(finding), None)],
    });
    match finding {
        Finding::Assert(w) => {
            let (replay, detail) = match &w.replay {
                Replay::Confirmed => ("confirmed", None),
                Replay::NotConfirmed(outcome) => {
                    ("not confirmed", Some(render::not_confirmed(outcome, places)))
                }
            };
            let mut properties = json!({
                "function": w.function,
                "inputs": assert_inputs(w, places),
                "replay": replay,
                "replayCommand": render::replay_command(w, places.file),
            });
            if let Some(detail) = detail {
                properties["replayOutcome"] = json!(detail);
            }
            result["properties"] = properties;
        }
        Finding::Lock(f, LockError::TypeA { from_locked, from_unlocked, .. }) => {
            result["relatedLocations"] = json!([
                location(
                    places,
                    from_locked.0,
                    Some(format!(
                        "held on entry: this call errs ({})",
                        render::values_text(&from_locked.1, "no parameters")
                    ))
                ),
                location(
                    places,
                    from_unlocked.0,
                    Some(format!(
                        "free on entry: this call errs ({})",
                        render::values_text(&from_unlocked.1, "no parameters")
                    ))
                ),
            ]);
            result["properties"] = json!({
                "function": f.function,
                "heldOnEntryInputs": inputs(&from_locked.1),
                "freeOnEntryInputs": inputs(&from_unlocked.1),
            });
        }
        Finding::Lock(f, LockError::TypeB { from, out, .. }) => {
            let mut properties = json!({ "function": f.function, "entryState": from.name() });
            if let Some(nonzero) = out {
                properties["resultNonzero"] = json!(nonzero);
            }
            result["properties"] = properties;
        }
        Finding::Leak(f, leak) => {
            if leak.through.is_some() {
                result["relatedLocations"] = json!([location(
                    places,
                    leak.allocated_at,
                    Some(format!("allocated here, in `{}`", leak.allocated_in))
                )]);
            }
            result["properties"] = json!({
                "function": f.function,
                "allocatedIn": leak.allocated_in,
                "inputs": inputs(&leak.inputs),
                "replay": "not replayed",
            });
        }
    }
    result
}

fn notification(level: &str, text: String) -> Value {
    json!({ "level": level, "message": { "text": text } })
}

/// The run of one file: its checker's findings, and its unsound steps and failed functions.
pub fn run(outcome: &Outcome, places: &Places<'_>) -> Value {
    let results: Vec<Value> = outcome.findings().into_iter().map(|f| result(f, places)).collect();
    let mut notifications = Vec::new();
    for (name, reason) in outcome.failed() {
        notifications.push(notification("warning", render::failure(name, reason)));
    }
    let steps = match outcome {
        Outcome::Assert(report) => assert_unsound_steps(report, places),
        Outcome::Lock(results) => lock_unsound_steps(results),
        Outcome::Leak(results) => leak_unsound_steps(results),
    };
    for step in steps {
        notifications.push(notification("note", format!("unsound step taken: {step}")));
    }
    notifications.push(notification("note", NO_PROOF.to_string()));
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, name, text)| {
            json!({
                "id": id,
                "name": name,
                "shortDescription": { "text": text },
                "defaultConfiguration": { "level": "warning" },
            })
        })
        .collect();
    json!({
        "tool": { "driver": {
            "name": "craig saturn",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        } },
        "columnKind": "unicodeCodePoints",
        "artifacts": [{ "location": { "uri": uri(places.file) } }],
        "invocations": [{
            "executionSuccessful": true,
            "toolExecutionNotifications": notifications,
        }],
        "results": results,
    })
}

/// The log of several runs, as text.
pub fn log(runs: Vec<Value>) -> String {
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": VERSION,
        "runs": runs,
    });
    serde_json::to_string_pretty(&log).expect("a JSON value always prints")
}
