//! What the tests of `kaissa serve` over real sockets share: the server as a child process
//! (killed when dropped) and a minimal HTTP/1.1 client on a plain TCP stream, which also
//! speaks to chromedriver's WebDriver API and can send bytes no HTTP library would.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A folder of its own under the system's temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty folder whose name starts with `prefix`.
    pub fn new(prefix: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("{prefix}-{}-{n}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    /// The games database's file in this folder.
    pub fn db(&self) -> PathBuf {
        self.0.join("games.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `kaissa serve` on 127.0.0.1.
pub struct Served {
    child: Child,
    /// `host:port`.
    pub addr: String,
    /// The page's URL as the server printed it.
    pub url: String,
    /// The folder of its games database, when the server made its own.
    _dir: Option<TempDir>,
}

impl Served {
    /// Starts the server on a free port with a games database of its own (removed when it
    /// stops), and waits for the line with its URL.
    pub fn start() -> Served {
        let dir = TempDir::new("kaissa-serve");
        let mut s = Served::start_with(&dir.db(), 0);
        s._dir = Some(dir);
        s
    }

    /// Starts the server on `port` (0: any free one) with the games database `db`.
    pub fn start_with(db: &Path, port: u16) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaissa"))
            .args(["serve", "--port", &port.to_string(), "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kaissa serve starts");
        let out = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(out)
            .read_line(&mut line)
            .expect("the server prints its URL");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Served {
            child,
            addr,
            url,
            _dir: None,
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.addr
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("the address ends with its port")
    }

    /// Kills the server at once (SIGKILL: no chance to finish what it is writing) and waits
    /// for it to be gone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// True while the server process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends raw bytes to `addr`, half-closes (so a server waiting for more sees the end), and
/// reads the whole answer (at most `timeout` for each read).
pub fn raw(addr: &str, bytes: &[u8], timeout: Duration) -> std::io::Result<Vec<u8>> {
    exchange(addr, bytes, timeout, true)
}

/// Sends bytes, half-closing after them if `half_close`, and reads until the server closes.
fn exchange(
    addr: &str,
    bytes: &[u8],
    timeout: Duration,
    half_close: bool,
) -> std::io::Result<Vec<u8>> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(timeout))?;
    s.set_write_timeout(Some(timeout))?;
    s.write_all(bytes)?;
    if half_close {
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    // Read until the answer is complete by its Content-Length (a keep-alive server such as
    // chromedriver may not close), or until the server closes.
    let mut answer = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        let n = match s.read(&mut buf) {
            Ok(n) => n,
            Err(e) if !answer.is_empty() && e.kind() == std::io::ErrorKind::ConnectionReset => 0,
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(answer);
        }
        answer.extend_from_slice(&buf[..n]);
        if complete(&answer) {
            return Ok(answer);
        }
    }
}

/// True when an answer holds its head and all the body its Content-Length promises.
fn complete(answer: &[u8]) -> bool {
    let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&answer[..end]).to_ascii_lowercase();
    head.lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .is_some_and(|len| answer.len() >= end + 4 + len)
}

/// One HTTP request; the status and the body of the answer.
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> Result<(u16, String), String> {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = exchange(addr, req.as_bytes(), Duration::from_secs(120), false)
        .map_err(|e| e.to_string())?;
    parse_answer(&answer)
}

/// The status and body of an HTTP answer (with `Content-Length` or up to the end).
pub fn parse_answer(answer: &[u8]) -> Result<(u16, String), String> {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("no HTTP answer: {text:?}"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Ok((status, body))
}

/// The body of a chunked answer.
fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}
