//! The request id: the client's `X-Request-Id` when it sends a usable one, else one made here.
//! It is echoed in the response's `X-Request-Id` and carried by every log line of the request,
//! so that a client's report and the server's logs can be matched.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};

pub const HEADER: &str = "x-request-id";

/// The longest client id kept; a longer one is replaced.
pub const MAX_LENGTH: usize = 128;

/// The client's id if it is 1 to [`MAX_LENGTH`] visible ASCII characters, else a new one.
pub fn of(req: &ServiceRequest) -> String {
    req.headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|id| is_usable(id))
        .map_or_else(new_id, str::to_string)
}

fn is_usable(id: &str) -> bool {
    (1..=MAX_LENGTH).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_graphic())
}

/// 16 hex digits, distinct for every request of this process (a bijection of a counter) and,
/// with a start taken from the clock, unlikely to repeat another process's.
fn new_id() -> String {
    static START: LazyLock<u64> = LazyLock::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{:016x}", mix(START.wrapping_add(n)))
}

/// SplitMix64's finaliser: a bijection on u64 that scatters neighbouring counters.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Sets the response's `X-Request-Id`.
pub fn echo<B>(response: &mut ServiceResponse<B>, id: &str) {
    if let Ok(value) = HeaderValue::from_str(id) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(HEADER), value);
    }
}
