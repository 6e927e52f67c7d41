#ifndef KERNELS_H
#define KERNELS_H
#define KERNEL 1
#define CHECKSUM
#define SCALE 0.5d0
#endif
