//! A flat JSON object written by hand (strings, numbers, booleans): all `validate --json`
//! needs, without a serialisation dependency.

use std::fmt::Write as _;

pub struct Object {
    text: String,
}

impl Object {
    pub fn new() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        push_string(&mut self.text, key);
        self.text.push(':');
    }

    pub fn number(&mut self, key: &str, value: u64) {
        self.key(key);
        let _ = write!(self.text, "{value}");
    }

    pub fn boolean(&mut self, key: &str, value: bool) {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
    }

    pub fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        push_string(&mut self.text, value);
    }

    pub fn strings(&mut self, key: &str, values: &[String]) {
        self.key(key);
        self.text.push('[');
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            push_string(&mut self.text, v);
        }
        self.text.push(']');
    }

    pub fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_strings() {
        let mut o = Object::new();
        o.number("game", 1);
        o.boolean("legal", false);
        o.string("move", "a\"b\\c\u{1}");
        assert_eq!(
            o.finish(),
            r#"{"game":1,"legal":false,"move":"a\"b\\c\u0001"}"#
        );
    }
}
