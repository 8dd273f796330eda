//! The SQLite record of network games: each game's variant, starting board and seat tokens,
//! and every accepted move or action in order. A game is rebuilt by replaying its records, so
//! the record is the truth and the in-memory session a cache of it. Every insert is its own
//! committed transaction (WAL, synchronous=FULL) before the move is acknowledged.

use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

use super::clock::TimeControl;
use super::seats::Seats;

pub struct Store {
    db: Connection,
}

/// One stored game.
pub struct GameRecord {
    pub variant: String,
    pub board: String,
    pub seats: Seats,
    pub clock: Option<TimeControl>,
    /// The game was stored as finished (its result kept).
    pub finished: bool,
}

/// One accepted input: a move text (`kind` = "move") or a player action ("action").
pub struct EventRecord {
    pub seat: String,
    pub kind: String,
    pub text: String,
    /// When it was accepted, ms since the Unix epoch (the clocks are rebuilt from it).
    pub at_ms: u64,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    variant   TEXT NOT NULL,
    board     TEXT NOT NULL,
    white     TEXT NOT NULL,
    black     TEXT NOT NULL,
    spectator TEXT NOT NULL,
    result    TEXT,
    log       TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game  INTEGER NOT NULL REFERENCES games(id),
    seq   INTEGER NOT NULL,
    seat  TEXT NOT NULL,
    kind  TEXT NOT NULL,
    text  TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
";

/// Columns added after the first schema (clocks): added to older files, ignored when there.
const ADDED_COLUMNS: [&str; 3] = [
    "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER",
    "ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER",
    "ALTER TABLE events ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0",
];

/// The store holds seat tokens and secret placements: it is created readable by its owner only
/// (0600), and an existing one is made so. SQLite gives its `-wal` and `-shm` files the
/// database's permissions.
#[cfg(unix)]
fn owner_only(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(path)?;
    let mut permissions = file.metadata()?.permissions();
    if permissions.mode() & 0o077 != 0 {
        permissions.set_mode(permissions.mode() & 0o700);
        file.set_permissions(permissions)?;
    }
    // The journal files an earlier version left readable by others.
    for suffix in ["-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let side = Path::new(&name);
        if let Ok(meta) = std::fs::metadata(side) {
            let mode = meta.permissions().mode();
            if mode & 0o077 != 0 {
                std::fs::set_permissions(side, std::fs::Permissions::from_mode(mode & 0o700))?;
            }
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn owner_only(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

fn err(e: rusqlite::Error) -> String {
    format!("game store: {e}")
}

impl Store {
    /// Opens (creating it and its folders if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        owner_only(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let db = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        // One server per file: a second one would keep its own copy of each game in memory
        // and the two would refuse each other's moves. The first server holds the file's lock
        // until it exits (the OS drops it even on kill -9); a second one stops here.
        db.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(err)?;
        db.busy_timeout(std::time::Duration::from_millis(200))
            .map_err(err)?;
        db.execute_batch("BEGIN EXCLUSIVE; COMMIT;")
            .map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                    "another chessrules server is using this game store".to_string()
                }
                _ => err(e),
            })?;
        Store::init(db)
    }

    /// A store that lasts as long as the process (tests, and when no file can be opened).
    pub fn memory() -> Result<Store, String> {
        Store::init(Connection::open_in_memory().map_err(err)?)
    }

    fn init(db: Connection) -> Result<Store, String> {
        // WAL keeps readers and the writer apart; FULL syncs every commit so an acknowledged
        // move survives a crash of the machine, not only of the process.
        db.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        db.pragma_update(None, "synchronous", "FULL").map_err(err)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(err)?;
        db.execute_batch(SCHEMA).map_err(err)?;
        for sql in ADDED_COLUMNS {
            if let Err(e) = db.execute(sql, []) {
                if !e.to_string().contains("duplicate column") {
                    return Err(err(e));
                }
            }
        }
        Ok(Store { db })
    }

    pub fn create(
        &self,
        variant: &str,
        board: &str,
        seats: &Seats,
        clock: Option<TimeControl>,
    ) -> Result<u64, String> {
        let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        self.db
            .execute(
                "INSERT INTO games (variant, board, white, black, spectator, clock_initial_ms, clock_increment_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    variant,
                    board,
                    seats.white,
                    seats.black,
                    seats.spectator,
                    clock.map(|c| ms(c.initial_ms)),
                    clock.map(|c| ms(c.increment_ms)),
                ],
            )
            .map_err(err)?;
        u64::try_from(self.db.last_insert_rowid()).map_err(|e| e.to_string())
    }

    pub fn game(&self, id: u64) -> Result<Option<GameRecord>, String> {
        let id = i64::try_from(id).map_err(|e| e.to_string())?;
        self.db
            .query_row(
                "SELECT variant, board, white, black, spectator, clock_initial_ms, clock_increment_ms, \
                 result IS NOT NULL FROM games WHERE id = ?1",
                params![id],
                |r| {
                    let initial: Option<i64> = r.get(5)?;
                    let increment: Option<i64> = r.get(6)?;
                    let clock = initial.map(|i| TimeControl {
                        initial_ms: u64::try_from(i).unwrap_or(0),
                        increment_ms: increment.and_then(|n| u64::try_from(n).ok()).unwrap_or(0),
                    });
                    Ok(GameRecord {
                        clock,
                        finished: r.get(7)?,
                        variant: r.get(0)?,
                        board: r.get(1)?,
                        seats: Seats {
                            white: r.get(2)?,
                            black: r.get(3)?,
                            spectator: r.get(4)?,
                        },
                    })
                },
            )
            .optional()
            .map_err(err)
    }

    pub fn events(&self, id: u64) -> Result<Vec<EventRecord>, String> {
        let id = i64::try_from(id).map_err(|e| e.to_string())?;
        let mut stmt = self
            .db
            .prepare("SELECT seat, kind, text, at_ms FROM events WHERE game = ?1 ORDER BY seq")
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id], |r| {
                Ok(EventRecord {
                    seat: r.get(0)?,
                    kind: r.get(1)?,
                    text: r.get(2)?,
                    at_ms: u64::try_from(r.get::<_, i64>(3)?).unwrap_or(0),
                })
            })
            .map_err(err)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(err)
    }

    /// Appends event number `seq` (0-based); a second event with the same number is refused
    /// by the primary key, so a move can never be recorded twice.
    pub fn append(&self, id: u64, seq: usize, event: &EventRecord) -> Result<(), String> {
        let id = i64::try_from(id).map_err(|e| e.to_string())?;
        let seq = i64::try_from(seq).map_err(|e| e.to_string())?;
        self.db
            .execute(
                "INSERT INTO events (game, seq, seat, kind, text, at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    id,
                    seq,
                    event.seat,
                    event.kind,
                    event.text,
                    i64::try_from(event.at_ms).unwrap_or(i64::MAX)
                ],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Keeps the result and the game log of a finished game beside its events.
    pub fn finish(&self, id: u64, result: &str, log: &str) -> Result<(), String> {
        let id = i64::try_from(id).map_err(|e| e.to_string())?;
        self.db
            .execute(
                "UPDATE games SET result = ?2, log = ?3 WHERE id = ?1",
                params![id, result, log],
            )
            .map_err(err)?;
        Ok(())
    }

    /// The stored result and log of a finished game.
    pub fn finished(&self, id: u64) -> Result<Option<(String, String)>, String> {
        let id = i64::try_from(id).map_err(|e| e.to_string())?;
        self.db
            .query_row(
                "SELECT result, log FROM games WHERE id = ?1 AND result IS NOT NULL",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(err)
    }
}

#[cfg(test)]
impl Store {
    /// Makes every later write fail, as a full or read-only disk would.
    pub fn refuse_writes(&self) {
        let _ = self.db.pragma_update(None, "query_only", "ON");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn the_store_is_readable_by_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("store-mode-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("games.sqlite");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        {
            let store = Store::open(&path).unwrap();
            let seats = Seats {
                white: "w".into(),
                black: "b".into(),
                spectator: "s".into(),
            };
            store.create("standard", "x", &seats, None).unwrap();
            assert_eq!(mode(&path), 0o600);
            let wal = dir.join("games.sqlite-wal");
            assert!(!wal.exists() || mode(&wal) == 0o600, "{:o}", mode(&wal));
        }
        // An existing store that others could read is closed to them.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        drop(Store::open(&path).unwrap());
        assert_eq!(mode(&path), 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_server_cannot_open_a_store_in_use() {
        let dir = std::env::temp_dir().join(format!("store-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("games.sqlite");
        // A new file, then the same file again once it exists (in WAL mode) and is free.
        for round in 0..2 {
            let first = Store::open(&path).expect("the first server opens the store");
            let second = Store::open(&path).map(|_| ());
            assert_eq!(
                second,
                Err("another chessrules server is using this game store".to_string()),
                "round {round}"
            );
            drop(first);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn events_round_trip_and_no_duplicate_sequence() -> Result<(), String> {
        let s = Store::memory()?;
        let seats = Seats {
            white: "w".into(),
            black: "b".into(),
            spectator: "s".into(),
        };
        let id = s.create("standard", "board", &seats, None)?;
        let ev = |t: &str| EventRecord {
            seat: "white".into(),
            kind: "move".into(),
            text: t.into(),
            at_ms: 5,
        };
        s.append(id, 0, &ev("e2e4"))?;
        assert!(s.append(id, 0, &ev("d2d4")).is_err());
        let got = s.events(id)?;
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].text, "e2e4");
        let g = s.game(id)?.ok_or("no game")?;
        assert_eq!(g.seats.black, "b");
        assert!(s.game(id + 1)?.is_none());
        s.finish(id, "1-0", "log")?;
        assert_eq!(s.finished(id)?, Some(("1-0".into(), "log".into())));
        Ok(())
    }
}
