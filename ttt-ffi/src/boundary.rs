//! The panic boundary, argument checks and the thread-local last error.
//!
//! Every `extern "C"` function of this crate has exactly one statement: a call to [`guard`]
//! (or, for calls that return a status, [`status`]). A test in `tests/boundary.rs` reads the
//! sources and fails if an export does anything outside it.

use crate::status::ttt_status;
use std::cell::RefCell;
use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

thread_local! {
    /// The message of the last failed call on this thread (see `ttt_last_error_message`).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// A failure inside an export: the status returned to C, and a message for
/// `ttt_last_error_message`.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: ttt_status,
    pub(crate) message: String,
}

impl Failure {
    /// A failure with a detailed message.
    pub(crate) fn new(status: ttt_status, message: impl Into<String>) -> Failure {
        Failure { status, message: message.into() }
    }
}

/// What the body of a status-returning export produces.
pub(crate) type Outcome = Result<(), Failure>;

/// Records `message` as this thread's last error.
pub(crate) fn set_last_error(message: &str) {
    // Interior NUL bytes cannot occur in our messages, but a message must never fail to store.
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    LAST_ERROR.with(|cell| *cell.borrow_mut() = text);
}

/// Runs `f` with the last error message of this thread.
pub(crate) fn with_last_error<R>(f: impl FnOnce(&CString) -> R) -> R {
    LAST_ERROR.with(|cell| f(&cell.borrow()))
}

/// The panic boundary for exports that return a value other than a status: a panic inside `f`
/// is caught, recorded as the last error, and `on_panic` is returned instead.
pub(crate) fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(payload) => {
            record_panic(payload.as_ref());
            on_panic
        }
    }
}

/// The panic boundary for exports that return a status: `Ok` becomes `TTT_STATUS_OK`, a
/// failure its status (its message stored as the last error), a panic `TTT_STATUS_PANIC`.
pub(crate) fn status(f: impl FnOnce() -> Outcome) -> ttt_status {
    guard(ttt_status::TTT_STATUS_PANIC, || match f() {
        Ok(()) => ttt_status::TTT_STATUS_OK,
        Err(failure) => {
            set_last_error(&failure.message);
            failure.status
        }
    })
}

fn record_panic(payload: &(dyn std::any::Any + Send)) {
    let detail = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    // Storing the message must not panic again: `set_last_error` does not.
    set_last_error(&format!("internal error (a bug in libttt, please report it): {detail}"));
}

/// A shared reference from a C pointer, or `TTT_STATUS_NULL_ARGUMENT` naming the argument.
///
/// # Safety
/// `ptr` is NULL or points to a valid, live `T` that nobody mutates during the call.
pub(crate) unsafe fn arg<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    // SAFETY: the caller's contract.
    match unsafe { ptr.as_ref() } {
        Some(r) => Ok(r),
        None => Err(null(name)),
    }
}

/// An exclusive reference from a C pointer, or `TTT_STATUS_NULL_ARGUMENT` naming the argument.
///
/// # Safety
/// `ptr` is NULL or points to a valid, live `T` that nothing else uses during the call.
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: the caller's contract.
    match unsafe { ptr.as_mut() } {
        Some(r) => Ok(r),
        None => Err(null(name)),
    }
}

/// Checks that an out-parameter is not NULL, before any work is done.
pub(crate) fn out<T>(ptr: *mut T, name: &str) -> Result<*mut T, Failure> {
    if ptr.is_null() { Err(null(name)) } else { Ok(ptr) }
}

/// Writes `value` through an out-parameter checked by [`out`].
///
/// # Safety
/// `ptr` is non-NULL, aligned and valid for a write of one `T`.
pub(crate) unsafe fn write<T>(ptr: *mut T, value: T) {
    // SAFETY: the caller's contract.
    unsafe { ptr.write(value) }
}

pub(crate) fn null(name: &str) -> Failure {
    Failure::new(ttt_status::TTT_STATUS_NULL_ARGUMENT, format!("argument `{name}` is NULL"))
}

/// Checks a caller's buffer of `buf_len` elements against the `needed` length and writes
/// `needed` into `*out_len`.
///
/// On success, or when the buffer is too small (`TTT_STATUS_BUFFER_TOO_SMALL`), `*out_len`
/// receives the number of elements needed. `buf` may be NULL only when `buf_len` is 0.
///
/// # Safety
/// `out_len` is NULL or valid for a write (checked here).
pub(crate) unsafe fn reserve<T>(
    needed: usize,
    buf: *mut T,
    buf_len: usize,
    out_len: *mut usize,
) -> Outcome {
    let out_len = out(out_len, "out_len")?;
    if buf.is_null() && buf_len > 0 {
        return Err(null("buf"));
    }
    // SAFETY: `out_len` is non-NULL (checked) and valid by the caller's contract.
    unsafe { write(out_len, needed) };
    if needed > buf_len {
        return Err(Failure::new(
            ttt_status::TTT_STATUS_BUFFER_TOO_SMALL,
            format!("the buffer holds {buf_len} elements; {needed} are needed"),
        ));
    }
    Ok(())
}

/// Copies `items` into a caller's buffer of `buf_len` elements, and the number of elements
/// into `*out_len`, as [`reserve`] says; the buffer is written only on success.
///
/// # Safety
/// `buf` is NULL or valid for writes of `buf_len` elements; `out_len` as [`reserve`].
pub(crate) unsafe fn copy_out<T: Copy>(
    items: &[T],
    buf: *mut T,
    buf_len: usize,
    out_len: *mut usize,
) -> Outcome {
    // SAFETY: forwarded contract.
    unsafe { reserve(items.len(), buf, buf_len, out_len) }?;
    if !items.is_empty() {
        // SAFETY: `buf` is non-NULL (buf_len >= items.len() > 0), valid for `buf_len` >=
        // `items.len()` writes by the caller's contract, and cannot overlap our `items`.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    Ok(())
}

/// Copies `text` and a terminating NUL into a caller's buffer, like [`copy_out`]: `*out_len`
/// receives the bytes needed including the NUL.
///
/// # Safety
/// As [`copy_out`].
pub(crate) unsafe fn copy_str(
    text: &str,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> Outcome {
    let mut bytes: Vec<std::ffi::c_char> = text.bytes().map(|b| b as std::ffi::c_char).collect();
    bytes.push(0);
    // SAFETY: forwarded contract.
    unsafe { copy_out(&bytes, buf, buf_len, out_len) }
}

/// Reads a caller's buffer of `len` elements as a slice.
///
/// # Safety
/// `ptr` is NULL or valid for reads of `len` elements, unchanged during the call.
pub(crate) unsafe fn slice_in<'a, T>(
    ptr: *const T,
    len: usize,
    name: &str,
) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-NULL, valid for `len` reads by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let s = status(|| panic!("boom"));
        assert_eq!(s, ttt_status::TTT_STATUS_PANIC);
        let msg = with_last_error(|m| m.to_str().unwrap().to_owned());
        assert!(msg.contains("boom"), "{msg}");
        assert_eq!(guard(7, || -> i32 { panic!("again") }), 7);
    }

    #[test]
    fn copy_out_writes_nothing_into_a_short_buffer() {
        let mut buf = [9u32; 2];
        let mut n = 0usize;
        let r = unsafe { copy_out(&[1, 2, 3], buf.as_mut_ptr(), 2, &mut n) };
        assert_eq!(r.unwrap_err().status, ttt_status::TTT_STATUS_BUFFER_TOO_SMALL);
        assert_eq!((buf, n), ([9, 9], 3));
        let r = unsafe { copy_out(&[1u32, 2, 3], std::ptr::null_mut(), 0, &mut n) };
        assert_eq!(r.unwrap_err().status, ttt_status::TTT_STATUS_BUFFER_TOO_SMALL);
        let r = unsafe { copy_out::<u32>(&[], std::ptr::null_mut(), 0, &mut n) };
        assert!(r.is_ok());
        assert_eq!(n, 0);
    }
}
