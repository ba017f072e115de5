//! Wall-clock dates as records write them (`2026/11/22 15:04:05`, UTC), without a calendar
//! dependency: the civil date is computed from the Unix day count.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch now (0 if the system clock is before 1970).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Year, month (1-12) and day (1-31) of day `days` after 1970-01-01, by the proleptic
/// Gregorian calendar (Howard Hinnant's days-to-civil reasoning, written out here).
pub fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `unix` seconds as `YYYY/MM/DD hh:mm:ss` (UTC), the KIF and CSA date form.
pub fn record_text(unix: u64) -> String {
    let (date, time) = split(unix);
    format!(
        "{:04}/{:02}/{:02} {:02}:{:02}:{:02}",
        date.0, date.1, date.2, time.0, time.1, time.2
    )
}

/// `unix` seconds as `YYYYMMDD-hhmmss` (UTC), for file names.
pub fn compact_text(unix: u64) -> String {
    let (date, time) = split(unix);
    format!(
        "{:04}{:02}{:02}-{:02}{:02}{:02}",
        date.0, date.1, date.2, time.0, time.1, time.2
    )
}

fn split(unix: u64) -> ((i64, u32, u32), (u64, u64, u64)) {
    let days = (unix / 86_400) as i64;
    let secs = unix % 86_400;
    (civil(days), (secs / 3600, secs / 60 % 60, secs % 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(-1), (1969, 12, 31));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(record_text(951_782_400), "2000/02/29 00:00:00");
        // 2026-11-22 15:04:05 UTC.
        assert_eq!(record_text(1_795_359_845), "2026/11/22 15:04:05");
        assert_eq!(compact_text(1_795_359_845), "20261122-150405");
    }
}
