//! `gpuf-rt`: the run-time library linked into every program gpuf compiles.
//!
//! Programs are linked as `cc prog.o libgpuf_rt.a -lpthread -ldl -lm` (plus
//! whatever `rustc --print native-static-libs` reports, see the crate README
//! in the report). Everything the generated code calls is an
//! `extern "C"` function with a fixed name; the contract is listed in
//! `abi.rs`, which only holds thin wrappers around the modules below:
//!
//! * [`io`] / [`format`]: Fortran `print`/`write` output, byte for byte like
//!   gfortran 12 (list-directed and formatted), buffered.
//! * [`mem`]: `allocate`/`deallocate` and raw allocations.
//! * [`desc`]: gfortran's array descriptor (assumed-shape arguments).
//! * [`data`]: the OpenACC present table (structured and dynamic reference
//!   counts, sub-range lookups).
//! * [`device`]: device selection and the [`device::Device`] trait with its
//!   three implementations: [`host`] (shared memory, host fallback kernels),
//!   [`sim`] (the SIMT emulator: lanes are fibers, one OS thread per gang, warp and gang
//!   rendezvous with divergence detection) and [`gpu`] (CUDA driver API or
//!   HIP, loaded with `dlopen` at run time).
//! * [`acc`]: the runtime entries for data directives and kernel launches.
//! * [`queue`]: the async queues of the sim device (worker threads, waits).
//! * [`pool`]: freed sim device blocks kept for reuse by size (no allocator call, and
//!   no zeroing for a copy-in, per map of a data region inside a time-step loop).
//! * [`input`]: Fortran `read` statements (list-directed and formatted).
//! * [`units`]: `open`/`close`, files connected to units.
//! * [`iostat`]: `iostat=`, `iomsg=`, `end=` and `err=` of I/O statements.
//! * [`intrinsics`]: `random_number`/`random_seed`, `cpu_time`,
//!   `system_clock`, command-line arguments.
//! * [`strings`]: character assignment, comparison and intrinsics.
//! * [`fatal`]: error exits that flush buffered output first.
//! * [`complex`]: complex `sqrt`, `exp` and integer powers.

pub mod abi;
pub mod acc;
pub mod complex;
pub mod data;
pub mod desc;
pub mod device;
pub mod fatal;
pub mod format;
pub mod gpu;
pub mod host;
pub mod input;
pub mod intrinsics;
pub mod io;
pub mod iostat;
pub mod mem;
pub mod namelist;
pub mod pool;
pub mod profile;
pub mod quad;
pub mod queue;
pub mod signals;
pub mod sim;
pub mod strings;
pub mod unformatted;
pub mod units;

pub use abi::*;
