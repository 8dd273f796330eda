//! `chessrules serve`: the board in a browser.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on (loopback by default: the page is for this machine).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// A UCI engine (e.g. /usr/games/stockfish) the page may choose as the computer side in
    /// standard and obstacle chess.
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
        .build()
        .context("cannot start the server runtime")?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let url = format!("http://{}/", listener.local_addr()?);
        // The first line of output is the address (the browser tests read it). A closed
        // stdout must not stop the server.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "chessrules serve: open {url}");
        let _ = out.flush();
        if args.open {
            open_browser(&url);
        }
        chessrules::web::serve_with_engine(listener, args.engine)
            .await
            .context("server stopped")
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Best effort: the page still works when no opener is installed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser ({e}); open {url} yourself");
    }
}
