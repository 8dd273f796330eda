//! Perft tables as the projects write them: `id NAME`, `fen FEN` or `epd FEN`, then
//! `perft DEPTH NODES` lines; `#` comments and blank lines between records.

#![allow(dead_code)]

pub struct Case {
    pub id: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
}

/// The cases of the table at `path` (panics on a malformed line: the tables are test data).
pub fn read_table(path: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("perft table is readable");
    parse_table(path, &text)
}

/// The cases of a table's text; `path` names it in messages.
pub fn parse_table(path: &str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => id = rest.to_string(),
            // `epd` (python-chess's tables): a FEN without the clocks.
            "fen" | "epd" => fen = rest.to_string(),
            "perft" => {
                let mut parts = rest.split_whitespace().map(|p| p.parse::<u64>());
                match (parts.next(), parts.next()) {
                    (Some(Ok(depth)), Some(Ok(nodes))) => cases.push(Case {
                        id: id.clone(),
                        fen: fen.clone(),
                        depth: depth as u32,
                        nodes,
                    }),
                    _ => panic!("{path}:{}: malformed perft line", n + 1),
                }
            }
            _ => panic!("{path}:{}: unknown key {key}", n + 1),
        }
    }
    assert!(!cases.is_empty(), "{path} has no cases");
    cases
}
