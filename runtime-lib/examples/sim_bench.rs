//! Micro-benchmark of the sim device (not a test): prints µs per launch of
//! an empty `parallel loop` kernel (default dims: 4 gangs x 32 lanes), per
//! 32-lane shuffle round, per 32-lane vote round and per 32-thread and
//! 4x32-thread gang barrier.
//!
//! `cargo run --release -p gpuf-rt --example sim_bench`

use gpuf_rt::device::{Dims, LEVEL_GANG, LEVEL_VECTOR};
use gpuf_rt::sim::{resolve_dims, run, SimDims};
use gpuf_rt::*;
use std::time::Instant;

/// Rounds per lane in the shuffle/vote/barrier kernels (args[0]).
extern "C" fn empty(_args: *mut *mut u8) {
    let _ = gpuf_sim_dim_pos(2);
}

extern "C" fn shuffles(args: *mut *mut u8) {
    let n = unsafe { *args } as usize;
    let mut v = gpuf_sim_dim_pos(2) as i64;
    for _ in 0..n {
        v = gpuf_sim_shfl_i64(v, 1, 1);
    }
    std::hint::black_box(v);
}

extern "C" fn votes(args: *mut *mut u8) {
    let n = unsafe { *args } as usize;
    let mut v = 0;
    for i in 0..n {
        v += gpuf_sim_vote(0, (i & 1) as i32);
    }
    std::hint::black_box(v);
}

extern "C" fn barriers(args: *mut *mut u8) {
    let n = unsafe { *args } as usize;
    for _ in 0..n {
        gpuf_sim_barrier();
    }
}

/// Best of 3 runs of `f`, in seconds.
fn best(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let d0 = Dims { gangs: 0, workers: 0, vlen: 0 };
    let dflt = resolve_dims(LEVEL_GANG | LEVEL_VECTOR, d0, 32);
    let n_launch = 200;
    let t = best(|| {
        for _ in 0..n_launch {
            run("empty", empty, &[], 0, dflt, true).unwrap();
        }
    });
    println!("launch (default parallel loop, {} gangs x {} lanes): {:9.2} us", dflt.gangs, dflt.lanes, t * 1e6 / n_launch as f64);
    let one = SimDims { gangs: 1, workers: 1, lanes: 32 };
    let rounds = 2000u64;
    let t = best(|| {
        run("shuffles", shuffles, &[rounds], 0, one, true).unwrap();
    });
    println!("shuffle round (32 lanes):                       {:9.2} us", t * 1e6 / rounds as f64);
    let t = best(|| {
        run("votes", votes, &[rounds], 0, one, true).unwrap();
    });
    println!("vote round (32 lanes):                          {:9.2} us", t * 1e6 / rounds as f64);
    let t = best(|| {
        run("barriers", barriers, &[rounds], 0, one, true).unwrap();
    });
    println!("barrier (1 worker x 32 lanes):                  {:9.2} us", t * 1e6 / rounds as f64);
    let four = SimDims { gangs: 1, workers: 4, lanes: 32 };
    let t = best(|| {
        run("barriers", barriers, &[rounds / 4], 0, four, true).unwrap();
    });
    println!("barrier (4 workers x 32 lanes):                 {:9.2} us", t * 1e6 / (rounds / 4) as f64);
}
