//! The bit stream of the 32-byte Huffman-coded positions ([`crate::huffman`]): bits
//! written and read from the least significant bit of byte 0 up.

use crate::packed::UnpackError;

/// Bits written from the least significant bit of byte 0 up; bits past 256 are dropped.
pub(crate) struct Writer {
    data: [u8; 32],
    cursor: usize,
}

impl Writer {
    /// An empty stream.
    pub(crate) fn new() -> Writer {
        Writer {
            data: [0; 32],
            cursor: 0,
        }
    }

    /// Writes one bit.
    pub(crate) fn bit(&mut self, b: bool) {
        if b && self.cursor < 256 {
            self.data[self.cursor / 8] |= 1 << (self.cursor % 8);
        }
        self.cursor += 1;
    }

    /// Writes the `n` low bits of `value`, lowest first.
    pub(crate) fn bits(&mut self, value: u32, n: u32) {
        for i in 0..n {
            self.bit(value >> i & 1 == 1);
        }
    }

    /// The 32 bytes written.
    pub(crate) fn finish(self) -> [u8; 32] {
        self.data
    }
}

/// Bits read in the order [`Writer`] wrote them.
pub(crate) struct Reader<'a> {
    data: &'a [u8; 32],
    cursor: usize,
}

impl Reader<'_> {
    /// A reader at the first bit of `data`.
    pub(crate) fn new(data: &[u8; 32]) -> Reader<'_> {
        Reader { data, cursor: 0 }
    }

    /// Whether all 256 bits have been read.
    pub(crate) fn done(&self) -> bool {
        self.cursor >= 256
    }

    /// The next bit; `at` names the square or hand piece being read, for the error.
    pub(crate) fn bit(&mut self, at: usize) -> Result<bool, UnpackError> {
        if self.cursor >= 256 {
            return Err(UnpackError::Overrun(at));
        }
        let b = self.data[self.cursor / 8] >> (self.cursor % 8) & 1 == 1;
        self.cursor += 1;
        Ok(b)
    }

    /// The next `n` bits as a number, the first read lowest.
    pub(crate) fn bits(&mut self, n: u32, at: usize) -> Result<u32, UnpackError> {
        let mut v = 0;
        for i in 0..n {
            v |= u32::from(self.bit(at)?) << i;
        }
        Ok(v)
    }

    /// Reads a prefix code: bit by bit until `decode(code, length)` knows the bits read
    /// (the first in the lowest bit), at most `max` bits; what it returns.
    pub(crate) fn code<T>(
        &mut self,
        max: u32,
        at: usize,
        decode: impl Fn(u32, u32) -> Option<T>,
    ) -> Result<T, UnpackError> {
        let start = self.cursor;
        let mut code = 0u32;
        for len in 1..=max {
            code |= u32::from(self.bit(at)?) << (len - 1);
            if let Some(t) = decode(code, len) {
                return Ok(t);
            }
        }
        Err(UnpackError::BadCode(start))
    }
}
