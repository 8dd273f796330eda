//! Seat tokens: 128 random bits from the operating system, written as 32 hex digits, compared
//! in constant time so a guess learns nothing from how long the refusal took.

use std::fmt::Write;

/// Bytes of randomness in one token (128 bits).
const TOKEN_BYTES: usize = 16;

/// A fresh token, or the OS error when no random source is available (never a weak fallback).
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
    let mut text = String::with_capacity(TOKEN_BYTES * 2);
    for b in bytes {
        let _ = write!(text, "{b:02x}");
    }
    Ok(text)
}

/// Equal strings, in time that depends only on the lengths.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token().unwrap_or_default();
        let b = new_token().unwrap_or_default();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn comparison() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "abcd"));
    }
}
