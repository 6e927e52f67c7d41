//! libFuzzer target: accepted programs through every pass and code generation
//! (`scripts/fuzz.sh pipeline`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gpuf_fuzz::pipeline(data);
});
