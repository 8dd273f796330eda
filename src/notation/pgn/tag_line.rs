//! The common tag pair read whole from the lexer's buffer: `[Name "value"]` with a name of
//! the standard's characters, a value without escapes, and the line end after it. A lichess
//! game has 17 such lines and one move's worth of movetext per tag; read through the
//! lexer's general dispatch (a token for the pair, another pass for its line end, a
//! `memchr3` call for a value of ten bytes) a tag cost more than pgn-reader spends on a
//! whole game's tags. Anything else is left to the lexer's byte path, which reads the same
//! tag the same way and also knows its warnings and errors.

use std::ops::Range;

use super::lexer::{is_tag_name_byte, starts_char, MAX_TOKEN};
use super::stops::first_stop;

/// A tag pair found whole at the start of a buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TagLine {
    /// The name's bytes and the value's (as written: it has no escapes).
    pub name: Range<usize>,
    pub value: Range<usize>,
    /// Bytes from `[` through `]`.
    pub len: usize,
    /// Characters among them (columns): bytes but UTF-8 continuation bytes.
    pub chars: usize,
    /// Bytes of the line end right after `]` (`\n` or `\r\n`), taken with the tag; 0 when
    /// something else follows it on the line.
    pub line_end: usize,
}

/// Bytes of the standard's tag names, the lexer's first-byte class: letters, digits and `_`
/// (those python-chess also takes after the first, `+#=:-`, come with a warning, from the
/// byte path). A table: one load a byte.
static NAME_BYTE: [bool; 256] = {
    let mut class = [false; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = is_tag_name_byte(b as u8, true);
        b += 1;
    }
    class
};

/// The first index at or after `i` that is not a space or a tab (`avail.len()` at most).
fn skip_blanks(avail: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\t') = avail.get(i) {
        i += 1;
    }
    i
}

/// The tag pair `avail` starts with (its first byte is `[`), if it is a plain one and ends
/// inside `avail`. One index walks the line, each byte looked at once (iterator chains per
/// part, with their bounds and end tests, cost half as much again).
pub(super) fn plain_tag(avail: &[u8]) -> Option<TagLine> {
    let name_start = skip_blanks(avail, 1);
    let mut i = name_start;
    // A name running to the buffer's end is the byte path's.
    while NAME_BYTE[usize::from(*avail.get(i)?)] {
        i += 1;
    }
    let name_end = i;
    if name_end == name_start || name_end - name_start > MAX_TOKEN {
        return None;
    }
    i = skip_blanks(avail, i);
    if avail.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    let value_bytes = avail.get(value_start..)?;
    let mut value_len = first_stop(value_bytes, b'"', b'\\', b'\n')?;
    let mut ascii = true;
    if value_bytes[value_len] >= 0x80 {
        // Not ASCII (a player's name in Latin-1 or UTF-8): the rest of the value is looked
        // for as before, and its characters counted.
        ascii = false;
        value_len += memchr::memchr3(b'"', b'\\', b'\n', &value_bytes[value_len..])?;
    }
    if value_bytes[value_len] != b'"' || value_len > MAX_TOKEN {
        return None;
    }
    let value_end = value_start + value_len;
    i = skip_blanks(avail, value_end + 1);
    if avail.get(i) != Some(&b']') {
        return None;
    }
    let len = i + 1;
    let chars = if ascii {
        len
    } else {
        let value = &avail[value_start..value_end];
        len - value_len + value.iter().filter(|&&b| starts_char(b)).count()
    };
    let line_end = match (avail.get(len), avail.get(len + 1)) {
        (Some(b'\n'), _) => 1,
        (Some(b'\r'), Some(b'\n')) => 2,
        _ => 0,
    };
    Some(TagLine {
        name: name_start..name_end,
        value: value_start..value_end,
        len,
        chars,
        line_end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_tags_and_their_line_ends() {
        let tag = plain_tag(b"[Event \"Rated Bullet game\"]\n[Site").expect("plain");
        assert_eq!((tag.name, tag.value), (1..6, 8..25));
        assert_eq!((tag.len, tag.chars, tag.line_end), (27, 27, 1));
        let tag = plain_tag(b"[ W\t\"x\" ]\r\n").expect("plain");
        assert_eq!((tag.name, tag.value, tag.line_end), (2..3, 5..6, 2));
        // Something after it on the line, or the end of the buffer right after `\r`.
        assert_eq!(plain_tag(b"[W \"x\"] 1. e4").map(|t| t.line_end), Some(0));
        assert_eq!(plain_tag(b"[W \"x\"]\r").map(|t| t.line_end), Some(0));
        assert_eq!(plain_tag(b"[W \"x\"]").map(|t| t.line_end), Some(0));
        // Characters, not bytes: é is two bytes, one column.
        let tag = plain_tag("[White \"Müller\"]\n".as_bytes()).expect("plain");
        assert_eq!((tag.len, tag.chars), (17, 16));
        // Left to the byte path: escapes, odd names, no quote, cut by the buffer's end.
        for text in [
            &b"[W \"a\\\"b\"]"[..],
            b"[W-x \"a\"]",
            b"[W a]",
            b"[W \"a",
            b"[W \"a\"",
            b"[W \"a\nb\"]",
            b"[\"a\"]",
            b"[",
        ] {
            assert_eq!(plain_tag(text), None, "{:?}", String::from_utf8_lossy(text));
        }
    }
}
