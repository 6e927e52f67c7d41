//! Differential test against gfortran (needs `gfortran` on PATH, so it is
//! `#[ignore]`d; run with `cargo test -p gpuf-rt --test gfortran_diff --
//! --ignored`). Pseudo-random reals and integers of all magnitudes go
//! through list-directed and many edit descriptors, in a generated Fortran
//! program and through the runtime's statement engine; the outputs must be
//! identical byte for byte.

use gpuf_rt::format;
use gpuf_rt::io::{Item, Stmt};
use std::process::Command;
use std::sync::Arc;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const REAL_FORMATS: &[&str] = &[
    "(F10.3)",
    "(F0.2)",
    "(F6.0)",
    "(F4.1)",
    "(F25.10)",
    "(E12.4)",
    "(E0.3)",
    "(E10.3E3)",
    "(ES11.3)",
    "(ES0.5)",
    "(EN12.3)",
    "(G12.5)",
    "(G0)",
    "(G10.3)",
    "(G15.7E3)",
    "(1PE13.5)",
    "(-1PE13.5)",
    "(2PF10.3)",
    "(D12.4)",
    "(SP,F9.2)",
    "(F0.0)",
    "(E9.2)",
    "(G0.3)",
    "(EN0.2)",
    "(G8.2)",
    "(1PG12.4)",
    "(ES9.1E1)",
    "(F1.0)",
    "(E13.6E1)",
];
const INT_FORMATS: &[&str] = &["(I6)", "(I0)", "(I8.5)", "(B40)", "(O14)", "(Z10.4)", "(SP,I5)", "(G0)", "(I3)"];

fn render(fmt: Option<&str>, it: Item) -> String {
    let mut s = match fmt {
        None => Stmt::list(),
        Some(f) => Stmt::formatted(Arc::new(format::parse(f.as_bytes()).unwrap())),
    };
    s.item(it).unwrap();
    s.finish().unwrap();
    String::from_utf8(s.out).unwrap()
}

#[test]
#[ignore]
fn matches_gfortran() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut src = String::from("program t\n  implicit none\n");
    let mut want = String::new();
    let mut n = 0;
    let mut stmt = |fortran_value: String, it: Item, fmt: Option<&str>, src: &mut String, want: &mut String| {
        match fmt {
            None => src.push_str(&format!("  print *, {fortran_value}\n")),
            Some(f) => src.push_str(&format!("  print '{f}', {fortran_value}\n")),
        }
        want.push_str(&render(fmt, it));
        n += 1;
    };
    for i in 0..400 {
        // f64 of random magnitude (or a tie/short decimal value)
        let x: f64 = match i % 4 {
            0 => f64::from_bits(rng.next() & 0x7fef_ffff_ffff_ffff) * if rng.next() & 1 == 0 { 1.0 } else { -1.0 },
            1 => (rng.next() % 2_000_001) as f64 / 8.0 - 125000.0,
            2 => {
                let e = (rng.next() % 40) as i32 - 20;
                ((rng.next() % 100000) as f64) * 10f64.powi(e)
            }
            _ => (rng.next() % 20000) as f64 / 1000.0 - 10.0,
        };
        let xf = x as f32;
        let bits64 = x.to_bits() as i64;
        let bits32 = xf.to_bits() as i32;
        let v64 = format!("transfer({bits64}_8, 1.0_8)");
        let v32 = format!("transfer({bits32}_4, 1.0_4)");
        if bits64 == i64::MIN || bits32 == i32::MIN || !xf.is_finite() {
            continue;
        }
        stmt(v64.clone(), Item::Real(x, false), None, &mut src, &mut want);
        stmt(v32.clone(), Item::Real(xf as f64, true), None, &mut src, &mut want);
        for f in REAL_FORMATS {
            stmt(v64.clone(), Item::Real(x, false), Some(f), &mut src, &mut want);
            stmt(v32.clone(), Item::Real(xf as f64, true), Some(f), &mut src, &mut want);
        }
        let k = rng.next() as i64 >> (rng.next() % 64);
        let k32 = k as i32;
        if k != i64::MIN && k32 != i32::MIN {
            stmt(format!("{k}_8"), Item::Int(k, 64), None, &mut src, &mut want);
            stmt(format!("{k32}_4"), Item::Int(k32 as i64, 32), None, &mut src, &mut want);
            for f in INT_FORMATS {
                if !f.starts_with("(B") && !f.starts_with("(O") && !f.starts_with("(Z") || k32 >= 0 {
                    stmt(format!("{k32}_4"), Item::Int(k32 as i64, 32), Some(f), &mut src, &mut want);
                }
            }
        }
    }
    src.push_str("end program\n");
    let dir = std::env::temp_dir().join(format!("gpuf-rt-gfortran-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("t.f90"), &src).unwrap();
    let st = Command::new("gfortran")
        .args(["-ffree-line-length-none", "-o"])
        .arg(dir.join("t"))
        .arg(dir.join("t.f90"))
        .status()
        .expect("gfortran runs");
    assert!(st.success());
    let out = Command::new(dir.join("t")).output().unwrap();
    let got = String::from_utf8(out.stdout).unwrap();
    let srcl: Vec<&str> = src.lines().skip(2).collect();
    let mut bad = 0;
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        if g != w {
            bad += 1;
            if bad < 30 {
                eprintln!("{}\n  gfortran: {g:?}\n  gpuf-rt:  {w:?}", srcl[i]);
            }
        }
    }
    assert_eq!(got.lines().count(), want.lines().count());
    assert_eq!(bad, 0, "{bad} of {n} statements differ");
    let _ = std::fs::remove_dir_all(&dir);
}
