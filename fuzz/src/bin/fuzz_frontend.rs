//! libFuzzer target: the front end on arbitrary bytes (`scripts/fuzz.sh frontend`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gpuf_fuzz::frontend(data);
});
