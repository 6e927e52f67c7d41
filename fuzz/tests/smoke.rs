//! A short deterministic fuzzing run (part of the test suite): the programs of `tests/` and
//! deterministic mutations of them through the front end and the whole pipeline. Longer
//! coverage-guided runs: `scripts/fuzz.sh`.

use gpuf_fuzz::{frontend, mutate, pipeline, Outcome, Rng};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn seeds() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("tests");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "f90" || x == "F90" || x == "f") {
                if let Ok(b) = std::fs::read(&p) {
                    out.push((p, b));
                }
            }
        }
    }
    out.sort();
    out
}

/// Runs `f` and fails on a panic or on more than 10 s (a hang).
fn exec(f: fn(&[u8]) -> Outcome, data: &[u8], what: &str) -> Outcome {
    let start = Instant::now();
    let r = std::panic::catch_unwind(|| f(data));
    let took = start.elapsed();
    match r {
        Ok(o) => {
            assert!(took < Duration::from_secs(10), "{what}: took {took:?}\n--- input\n{}", String::from_utf8_lossy(data));
            o
        }
        Err(_) => panic!("{what}: finding\n--- input\n{}", String::from_utf8_lossy(data)),
    }
}

#[test]
fn frontend_on_seeds_and_mutations() {
    let seeds = seeds();
    assert!(seeds.len() > 100, "too few seed programs");
    let mut rng = Rng::new(0x6770_7566);
    let mut accepted = 0;
    let per_seed = 8;
    for (i, (p, s)) in seeds.iter().enumerate() {
        if exec(frontend, s, &p.display().to_string()) == Outcome::Accepted {
            accepted += 1;
        }
        let other = &seeds[(i * 7 + 3) % seeds.len()].1;
        for k in 0..per_seed {
            let m = mutate(s, other, &mut rng);
            exec(frontend, &m, &format!("{} mutation {k}", p.display()));
        }
    }
    assert!(accepted > 50, "the seed programs should mostly be accepted ({accepted})");
}

#[test]
fn pipeline_on_seeds_and_mutations() {
    let seeds: Vec<_> = seeds().into_iter().filter(|(p, _)| p.to_string_lossy().contains("/acc/")).collect();
    let mut rng = Rng::new(0x7069_7065);
    let mut compiled = 0;
    for (i, (p, s)) in seeds.iter().enumerate().take(12) {
        if exec(pipeline, s, &p.display().to_string()) == Outcome::Accepted {
            compiled += 1;
        }
        let other = &seeds[(i * 5 + 1) % seeds.len()].1;
        for k in 0..2 {
            let m = mutate(s, other, &mut rng);
            exec(pipeline, &m, &format!("{} mutation {k}", p.display()));
        }
    }
    assert!(compiled >= 10, "the OpenACC seed programs should compile ({compiled})");
}
