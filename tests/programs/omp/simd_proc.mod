gpuf-module 1
module simd_proc
uses
openacc 0
proc scale_row subroutine __simd_proc_MOD_scale_row simd_proc 2 - 0
arg v integer(4) 1 inout 0 0
arg n integer(4) 0 in 0 0
arg f integer(4) 0 in 0 0
arg s integer(4) 0 out 0 0
end
