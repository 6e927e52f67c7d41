//! The middle end: gpuf's IR and the GCC-like pass pipeline that lowers a checked Fortran
//! program to it and specialises its kernels for each target.
//!
//! Pipeline (one module per pass, named after GCC's): [`passes::gimplify`] (AST to IR, data
//! clauses made explicit), [`passes::omp_lower`] (outline compute regions into kernels, build
//! the mapping records), [`passes::omp_expand`] (partition loops over gang/worker/vector with
//! abstract builtins), [`passes::oacc_xform`] (expand the builtins through one
//! [`targets::OffloadHooks`] implementation per target).

pub mod ir;
pub mod neuter;
pub mod passes;
pub mod print;
pub mod report;
pub mod targets;
pub mod unroll_jam;
pub mod verify;

/// The bytes of a string constant of the IR (see [`gpuf_frontend::text`]).
pub use gpuf_frontend::text::raw_bytes;
