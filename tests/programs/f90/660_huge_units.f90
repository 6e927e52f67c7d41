! Huge program units (main program, a subroutine, a function) that codegen cuts into
! pieces: variables used across pieces, by one piece only, passed by address, host-
! associated by an internal procedure, loops with cycle/exit, and a return in the middle.
program huge_units
  implicit none
  integer :: t, j, l, k2, a(100)
  integer, allocatable :: b(:)
  character(len=12) :: w
  real(8) :: x
  integer :: f
  external f
  integer :: v0
  integer :: v1
  integer :: v2
  integer :: v3
  integer :: v4
  integer :: v5
  integer :: v6
  integer :: v7
  integer :: v8
  integer :: v9
  integer :: v10
  integer :: v11
  integer :: v12
  integer :: v13
  integer :: v14
  integer :: v15
  integer :: v16
  integer :: v17
  integer :: v18
  integer :: v19
  integer :: v20
  integer :: v21
  integer :: v22
  integer :: v23
  integer :: v24
  integer :: v25
  integer :: v26
  integer :: v27
  integer :: v28
  integer :: v29
  integer :: v30
  integer :: v31
  integer :: v32
  integer :: v33
  integer :: v34
  integer :: v35
  integer :: v36
  integer :: v37
  integer :: v38
  integer :: v39
  integer :: v40
  integer :: v41
  integer :: v42
  integer :: v43
  integer :: v44
  integer :: v45
  integer :: v46
  integer :: v47
  integer :: v48
  integer :: v49
  integer :: v50
  integer :: v51
  integer :: v52
  integer :: v53
  integer :: v54
  integer :: v55
  integer :: v56
  integer :: v57
  integer :: v58
  integer :: v59
  integer :: v60
  integer :: v61
  integer :: v62
  integer :: v63
  integer :: v64
  integer :: v65
  integer :: v66
  integer :: v67
  integer :: v68
  integer :: v69
  integer :: v70
  integer :: v71
  integer :: v72
  integer :: v73
  integer :: v74
  integer :: v75
  integer :: v76
  integer :: v77
  integer :: v78
  integer :: v79
  integer :: v80
  integer :: v81
  integer :: v82
  integer :: v83
  integer :: v84
  integer :: v85
  integer :: v86
  integer :: v87
  integer :: v88
  integer :: v89
  t = 0; a = 0; x = 0; w = 'ab'
  allocate(b(10)); b = 1
  v0 = 0 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v0, 3) == 0) cycle
      a(mod(j * 0 + l, 100) + 1) = a(mod(j * 0 + l, 100) + 1) + v0 + j
      if (a(1) > 400) exit
    end do
  end do
  t = t + v0 + b(mod(0, 10) + 1)
  x = x + 0.0d0 * 0.25d0
  b(mod(0, 10) + 1) = b(mod(0, 10) + 1) + 0
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(0, 26))
  v1 = 7 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v1, 3) == 0) cycle
      a(mod(j * 1 + l, 100) + 1) = a(mod(j * 1 + l, 100) + 1) + v1 + j
      if (a(2) > 400) exit
    end do
  end do
  t = t + v1 + b(mod(1, 10) + 1)
  v2 = 1 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v2, 3) == 0) cycle
      a(mod(j * 2 + l, 100) + 1) = a(mod(j * 2 + l, 100) + 1) + v2 + j
      if (a(3) > 400) exit
    end do
  end do
  t = t + v2 + b(mod(2, 10) + 1)
  v3 = 8 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v3, 3) == 0) cycle
      a(mod(j * 3 + l, 100) + 1) = a(mod(j * 3 + l, 100) + 1) + v3 + j
      if (a(4) > 400) exit
    end do
  end do
  t = t + v3 + b(mod(3, 10) + 1)
  v4 = 2 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v4, 3) == 0) cycle
      a(mod(j * 4 + l, 100) + 1) = a(mod(j * 4 + l, 100) + 1) + v4 + j
      if (a(5) > 400) exit
    end do
  end do
  t = t + v4 + b(mod(4, 10) + 1)
  v5 = 9 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v5, 3) == 0) cycle
      a(mod(j * 5 + l, 100) + 1) = a(mod(j * 5 + l, 100) + 1) + v5 + j
      if (a(6) > 400) exit
    end do
  end do
  t = t + v5 + b(mod(5, 10) + 1)
  v6 = 3 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v6, 3) == 0) cycle
      a(mod(j * 6 + l, 100) + 1) = a(mod(j * 6 + l, 100) + 1) + v6 + j
      if (a(7) > 400) exit
    end do
  end do
  t = t + v6 + b(mod(6, 10) + 1)
  v7 = 10 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v7, 3) == 0) cycle
      a(mod(j * 7 + l, 100) + 1) = a(mod(j * 7 + l, 100) + 1) + v7 + j
      if (a(8) > 400) exit
    end do
  end do
  t = t + v7 + b(mod(7, 10) + 1)
  v8 = 4 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v8, 3) == 0) cycle
      a(mod(j * 8 + l, 100) + 1) = a(mod(j * 8 + l, 100) + 1) + v8 + j
      if (a(9) > 400) exit
    end do
  end do
  t = t + v8 + b(mod(8, 10) + 1)
  v9 = 11 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v9, 3) == 0) cycle
      a(mod(j * 9 + l, 100) + 1) = a(mod(j * 9 + l, 100) + 1) + v9 + j
      if (a(10) > 400) exit
    end do
  end do
  t = t + v9 + b(mod(9, 10) + 1)
  v10 = 5 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v10, 3) == 0) cycle
      a(mod(j * 10 + l, 100) + 1) = a(mod(j * 10 + l, 100) + 1) + v10 + j
      if (a(11) > 400) exit
    end do
  end do
  t = t + v10 + b(mod(10, 10) + 1)
  x = x + 10.0d0 * 0.25d0
  b(mod(10, 10) + 1) = b(mod(10, 10) + 1) + 10
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(10, 26))
  v11 = 12 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v11, 3) == 0) cycle
      a(mod(j * 11 + l, 100) + 1) = a(mod(j * 11 + l, 100) + 1) + v11 + j
      if (a(12) > 400) exit
    end do
  end do
  t = t + v11 + b(mod(11, 10) + 1)
  v12 = 6 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v12, 3) == 0) cycle
      a(mod(j * 12 + l, 100) + 1) = a(mod(j * 12 + l, 100) + 1) + v12 + j
      if (a(13) > 400) exit
    end do
  end do
  t = t + v12 + b(mod(12, 10) + 1)
  v13 = 0 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v13, 3) == 0) cycle
      a(mod(j * 13 + l, 100) + 1) = a(mod(j * 13 + l, 100) + 1) + v13 + j
      if (a(14) > 400) exit
    end do
  end do
  t = t + v13 + b(mod(13, 10) + 1)
  v14 = 7 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v14, 3) == 0) cycle
      a(mod(j * 14 + l, 100) + 1) = a(mod(j * 14 + l, 100) + 1) + v14 + j
      if (a(15) > 400) exit
    end do
  end do
  t = t + v14 + b(mod(14, 10) + 1)
  v15 = 1 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v15, 3) == 0) cycle
      a(mod(j * 15 + l, 100) + 1) = a(mod(j * 15 + l, 100) + 1) + v15 + j
      if (a(16) > 400) exit
    end do
  end do
  t = t + v15 + b(mod(15, 10) + 1)
  v16 = 8 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v16, 3) == 0) cycle
      a(mod(j * 16 + l, 100) + 1) = a(mod(j * 16 + l, 100) + 1) + v16 + j
      if (a(17) > 400) exit
    end do
  end do
  t = t + v16 + b(mod(16, 10) + 1)
  v17 = 2 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v17, 3) == 0) cycle
      a(mod(j * 17 + l, 100) + 1) = a(mod(j * 17 + l, 100) + 1) + v17 + j
      if (a(18) > 400) exit
    end do
  end do
  t = t + v17 + b(mod(17, 10) + 1)
  v18 = 9 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v18, 3) == 0) cycle
      a(mod(j * 18 + l, 100) + 1) = a(mod(j * 18 + l, 100) + 1) + v18 + j
      if (a(19) > 400) exit
    end do
  end do
  t = t + v18 + b(mod(18, 10) + 1)
  v19 = 3 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v19, 3) == 0) cycle
      a(mod(j * 19 + l, 100) + 1) = a(mod(j * 19 + l, 100) + 1) + v19 + j
      if (a(20) > 400) exit
    end do
  end do
  t = t + v19 + b(mod(19, 10) + 1)
  v20 = 10 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v20, 3) == 0) cycle
      a(mod(j * 20 + l, 100) + 1) = a(mod(j * 20 + l, 100) + 1) + v20 + j
      if (a(21) > 400) exit
    end do
  end do
  t = t + v20 + b(mod(20, 10) + 1)
  x = x + 20.0d0 * 0.25d0
  b(mod(20, 10) + 1) = b(mod(20, 10) + 1) + 20
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(20, 26))
  v21 = 4 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v21, 3) == 0) cycle
      a(mod(j * 21 + l, 100) + 1) = a(mod(j * 21 + l, 100) + 1) + v21 + j
      if (a(22) > 400) exit
    end do
  end do
  t = t + v21 + b(mod(21, 10) + 1)
  v22 = 11 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v22, 3) == 0) cycle
      a(mod(j * 22 + l, 100) + 1) = a(mod(j * 22 + l, 100) + 1) + v22 + j
      if (a(23) > 400) exit
    end do
  end do
  t = t + v22 + b(mod(22, 10) + 1)
  v23 = 5 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v23, 3) == 0) cycle
      a(mod(j * 23 + l, 100) + 1) = a(mod(j * 23 + l, 100) + 1) + v23 + j
      if (a(24) > 400) exit
    end do
  end do
  t = t + v23 + b(mod(23, 10) + 1)
  v24 = 12 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v24, 3) == 0) cycle
      a(mod(j * 24 + l, 100) + 1) = a(mod(j * 24 + l, 100) + 1) + v24 + j
      if (a(25) > 400) exit
    end do
  end do
  t = t + v24 + b(mod(24, 10) + 1)
  v25 = 6 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v25, 3) == 0) cycle
      a(mod(j * 25 + l, 100) + 1) = a(mod(j * 25 + l, 100) + 1) + v25 + j
      if (a(26) > 400) exit
    end do
  end do
  t = t + v25 + b(mod(25, 10) + 1)
  v26 = 0 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v26, 3) == 0) cycle
      a(mod(j * 26 + l, 100) + 1) = a(mod(j * 26 + l, 100) + 1) + v26 + j
      if (a(27) > 400) exit
    end do
  end do
  t = t + v26 + b(mod(26, 10) + 1)
  v27 = 7 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v27, 3) == 0) cycle
      a(mod(j * 27 + l, 100) + 1) = a(mod(j * 27 + l, 100) + 1) + v27 + j
      if (a(28) > 400) exit
    end do
  end do
  t = t + v27 + b(mod(27, 10) + 1)
  v28 = 1 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v28, 3) == 0) cycle
      a(mod(j * 28 + l, 100) + 1) = a(mod(j * 28 + l, 100) + 1) + v28 + j
      if (a(29) > 400) exit
    end do
  end do
  t = t + v28 + b(mod(28, 10) + 1)
  v29 = 8 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v29, 3) == 0) cycle
      a(mod(j * 29 + l, 100) + 1) = a(mod(j * 29 + l, 100) + 1) + v29 + j
      if (a(30) > 400) exit
    end do
  end do
  t = t + v29 + b(mod(29, 10) + 1)
  print *, t, sum(a), x, w(1:3), sum(b)
  v30 = 2 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v30, 3) == 0) cycle
      a(mod(j * 30 + l, 100) + 1) = a(mod(j * 30 + l, 100) + 1) + v30 + j
      if (a(31) > 400) exit
    end do
  end do
  t = t + v30 + b(mod(30, 10) + 1)
  x = x + 30.0d0 * 0.25d0
  b(mod(30, 10) + 1) = b(mod(30, 10) + 1) + 30
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(30, 26))
  v31 = 9 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v31, 3) == 0) cycle
      a(mod(j * 31 + l, 100) + 1) = a(mod(j * 31 + l, 100) + 1) + v31 + j
      if (a(32) > 400) exit
    end do
  end do
  t = t + v31 + b(mod(31, 10) + 1)
  v32 = 3 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v32, 3) == 0) cycle
      a(mod(j * 32 + l, 100) + 1) = a(mod(j * 32 + l, 100) + 1) + v32 + j
      if (a(33) > 400) exit
    end do
  end do
  t = t + v32 + b(mod(32, 10) + 1)
  v33 = 10 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v33, 3) == 0) cycle
      a(mod(j * 33 + l, 100) + 1) = a(mod(j * 33 + l, 100) + 1) + v33 + j
      if (a(34) > 400) exit
    end do
  end do
  t = t + v33 + b(mod(33, 10) + 1)
  v34 = 4 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v34, 3) == 0) cycle
      a(mod(j * 34 + l, 100) + 1) = a(mod(j * 34 + l, 100) + 1) + v34 + j
      if (a(35) > 400) exit
    end do
  end do
  t = t + v34 + b(mod(34, 10) + 1)
  v35 = 11 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v35, 3) == 0) cycle
      a(mod(j * 35 + l, 100) + 1) = a(mod(j * 35 + l, 100) + 1) + v35 + j
      if (a(36) > 400) exit
    end do
  end do
  t = t + v35 + b(mod(35, 10) + 1)
  v36 = 5 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v36, 3) == 0) cycle
      a(mod(j * 36 + l, 100) + 1) = a(mod(j * 36 + l, 100) + 1) + v36 + j
      if (a(37) > 400) exit
    end do
  end do
  t = t + v36 + b(mod(36, 10) + 1)
  v37 = 12 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v37, 3) == 0) cycle
      a(mod(j * 37 + l, 100) + 1) = a(mod(j * 37 + l, 100) + 1) + v37 + j
      if (a(38) > 400) exit
    end do
  end do
  t = t + v37 + b(mod(37, 10) + 1)
  v38 = 6 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v38, 3) == 0) cycle
      a(mod(j * 38 + l, 100) + 1) = a(mod(j * 38 + l, 100) + 1) + v38 + j
      if (a(39) > 400) exit
    end do
  end do
  t = t + v38 + b(mod(38, 10) + 1)
  v39 = 0 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v39, 3) == 0) cycle
      a(mod(j * 39 + l, 100) + 1) = a(mod(j * 39 + l, 100) + 1) + v39 + j
      if (a(40) > 400) exit
    end do
  end do
  t = t + v39 + b(mod(39, 10) + 1)
  v40 = 7 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v40, 3) == 0) cycle
      a(mod(j * 40 + l, 100) + 1) = a(mod(j * 40 + l, 100) + 1) + v40 + j
      if (a(41) > 400) exit
    end do
  end do
  t = t + v40 + b(mod(40, 10) + 1)
  x = x + 40.0d0 * 0.25d0
  b(mod(40, 10) + 1) = b(mod(40, 10) + 1) + 40
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(40, 26))
  v41 = 1 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v41, 3) == 0) cycle
      a(mod(j * 41 + l, 100) + 1) = a(mod(j * 41 + l, 100) + 1) + v41 + j
      if (a(42) > 400) exit
    end do
  end do
  t = t + v41 + b(mod(41, 10) + 1)
  v42 = 8 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v42, 3) == 0) cycle
      a(mod(j * 42 + l, 100) + 1) = a(mod(j * 42 + l, 100) + 1) + v42 + j
      if (a(43) > 400) exit
    end do
  end do
  t = t + v42 + b(mod(42, 10) + 1)
  v43 = 2 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v43, 3) == 0) cycle
      a(mod(j * 43 + l, 100) + 1) = a(mod(j * 43 + l, 100) + 1) + v43 + j
      if (a(44) > 400) exit
    end do
  end do
  t = t + v43 + b(mod(43, 10) + 1)
  v44 = 9 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v44, 3) == 0) cycle
      a(mod(j * 44 + l, 100) + 1) = a(mod(j * 44 + l, 100) + 1) + v44 + j
      if (a(45) > 400) exit
    end do
  end do
  t = t + v44 + b(mod(44, 10) + 1)
  v45 = 3 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v45, 3) == 0) cycle
      a(mod(j * 45 + l, 100) + 1) = a(mod(j * 45 + l, 100) + 1) + v45 + j
      if (a(46) > 400) exit
    end do
  end do
  t = t + v45 + b(mod(45, 10) + 1)
  v46 = 10 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v46, 3) == 0) cycle
      a(mod(j * 46 + l, 100) + 1) = a(mod(j * 46 + l, 100) + 1) + v46 + j
      if (a(47) > 400) exit
    end do
  end do
  t = t + v46 + b(mod(46, 10) + 1)
  v47 = 4 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v47, 3) == 0) cycle
      a(mod(j * 47 + l, 100) + 1) = a(mod(j * 47 + l, 100) + 1) + v47 + j
      if (a(48) > 400) exit
    end do
  end do
  t = t + v47 + b(mod(47, 10) + 1)
  v48 = 11 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v48, 3) == 0) cycle
      a(mod(j * 48 + l, 100) + 1) = a(mod(j * 48 + l, 100) + 1) + v48 + j
      if (a(49) > 400) exit
    end do
  end do
  t = t + v48 + b(mod(48, 10) + 1)
  v49 = 5 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v49, 3) == 0) cycle
      a(mod(j * 49 + l, 100) + 1) = a(mod(j * 49 + l, 100) + 1) + v49 + j
      if (a(50) > 400) exit
    end do
  end do
  t = t + v49 + b(mod(49, 10) + 1)
  v50 = 12 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v50, 3) == 0) cycle
      a(mod(j * 50 + l, 100) + 1) = a(mod(j * 50 + l, 100) + 1) + v50 + j
      if (a(51) > 400) exit
    end do
  end do
  t = t + v50 + b(mod(50, 10) + 1)
  x = x + 50.0d0 * 0.25d0
  b(mod(50, 10) + 1) = b(mod(50, 10) + 1) + 50
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(50, 26))
  v51 = 6 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v51, 3) == 0) cycle
      a(mod(j * 51 + l, 100) + 1) = a(mod(j * 51 + l, 100) + 1) + v51 + j
      if (a(52) > 400) exit
    end do
  end do
  t = t + v51 + b(mod(51, 10) + 1)
  v52 = 0 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v52, 3) == 0) cycle
      a(mod(j * 52 + l, 100) + 1) = a(mod(j * 52 + l, 100) + 1) + v52 + j
      if (a(53) > 400) exit
    end do
  end do
  t = t + v52 + b(mod(52, 10) + 1)
  v53 = 7 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v53, 3) == 0) cycle
      a(mod(j * 53 + l, 100) + 1) = a(mod(j * 53 + l, 100) + 1) + v53 + j
      if (a(54) > 400) exit
    end do
  end do
  t = t + v53 + b(mod(53, 10) + 1)
  v54 = 1 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v54, 3) == 0) cycle
      a(mod(j * 54 + l, 100) + 1) = a(mod(j * 54 + l, 100) + 1) + v54 + j
      if (a(55) > 400) exit
    end do
  end do
  t = t + v54 + b(mod(54, 10) + 1)
  v55 = 8 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v55, 3) == 0) cycle
      a(mod(j * 55 + l, 100) + 1) = a(mod(j * 55 + l, 100) + 1) + v55 + j
      if (a(56) > 400) exit
    end do
  end do
  t = t + v55 + b(mod(55, 10) + 1)
  v56 = 2 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v56, 3) == 0) cycle
      a(mod(j * 56 + l, 100) + 1) = a(mod(j * 56 + l, 100) + 1) + v56 + j
      if (a(57) > 400) exit
    end do
  end do
  t = t + v56 + b(mod(56, 10) + 1)
  v57 = 9 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v57, 3) == 0) cycle
      a(mod(j * 57 + l, 100) + 1) = a(mod(j * 57 + l, 100) + 1) + v57 + j
      if (a(58) > 400) exit
    end do
  end do
  t = t + v57 + b(mod(57, 10) + 1)
  v58 = 3 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v58, 3) == 0) cycle
      a(mod(j * 58 + l, 100) + 1) = a(mod(j * 58 + l, 100) + 1) + v58 + j
      if (a(59) > 400) exit
    end do
  end do
  t = t + v58 + b(mod(58, 10) + 1)
  v59 = 10 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v59, 3) == 0) cycle
      a(mod(j * 59 + l, 100) + 1) = a(mod(j * 59 + l, 100) + 1) + v59 + j
      if (a(60) > 400) exit
    end do
  end do
  t = t + v59 + b(mod(59, 10) + 1)
  print *, t, sum(a), x, w(1:3), sum(b)
  v60 = 4 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v60, 3) == 0) cycle
      a(mod(j * 60 + l, 100) + 1) = a(mod(j * 60 + l, 100) + 1) + v60 + j
      if (a(61) > 400) exit
    end do
  end do
  t = t + v60 + b(mod(60, 10) + 1)
  x = x + 60.0d0 * 0.25d0
  b(mod(60, 10) + 1) = b(mod(60, 10) + 1) + 60
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(60, 26))
  v61 = 11 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v61, 3) == 0) cycle
      a(mod(j * 61 + l, 100) + 1) = a(mod(j * 61 + l, 100) + 1) + v61 + j
      if (a(62) > 400) exit
    end do
  end do
  t = t + v61 + b(mod(61, 10) + 1)
  v62 = 5 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v62, 3) == 0) cycle
      a(mod(j * 62 + l, 100) + 1) = a(mod(j * 62 + l, 100) + 1) + v62 + j
      if (a(63) > 400) exit
    end do
  end do
  t = t + v62 + b(mod(62, 10) + 1)
  v63 = 12 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v63, 3) == 0) cycle
      a(mod(j * 63 + l, 100) + 1) = a(mod(j * 63 + l, 100) + 1) + v63 + j
      if (a(64) > 400) exit
    end do
  end do
  t = t + v63 + b(mod(63, 10) + 1)
  v64 = 6 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v64, 3) == 0) cycle
      a(mod(j * 64 + l, 100) + 1) = a(mod(j * 64 + l, 100) + 1) + v64 + j
      if (a(65) > 400) exit
    end do
  end do
  t = t + v64 + b(mod(64, 10) + 1)
  v65 = 0 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v65, 3) == 0) cycle
      a(mod(j * 65 + l, 100) + 1) = a(mod(j * 65 + l, 100) + 1) + v65 + j
      if (a(66) > 400) exit
    end do
  end do
  t = t + v65 + b(mod(65, 10) + 1)
  v66 = 7 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v66, 3) == 0) cycle
      a(mod(j * 66 + l, 100) + 1) = a(mod(j * 66 + l, 100) + 1) + v66 + j
      if (a(67) > 400) exit
    end do
  end do
  t = t + v66 + b(mod(66, 10) + 1)
  v67 = 1 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v67, 3) == 0) cycle
      a(mod(j * 67 + l, 100) + 1) = a(mod(j * 67 + l, 100) + 1) + v67 + j
      if (a(68) > 400) exit
    end do
  end do
  t = t + v67 + b(mod(67, 10) + 1)
  v68 = 8 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v68, 3) == 0) cycle
      a(mod(j * 68 + l, 100) + 1) = a(mod(j * 68 + l, 100) + 1) + v68 + j
      if (a(69) > 400) exit
    end do
  end do
  t = t + v68 + b(mod(68, 10) + 1)
  v69 = 2 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v69, 3) == 0) cycle
      a(mod(j * 69 + l, 100) + 1) = a(mod(j * 69 + l, 100) + 1) + v69 + j
      if (a(70) > 400) exit
    end do
  end do
  t = t + v69 + b(mod(69, 10) + 1)
  v70 = 9 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v70, 3) == 0) cycle
      a(mod(j * 70 + l, 100) + 1) = a(mod(j * 70 + l, 100) + 1) + v70 + j
      if (a(71) > 400) exit
    end do
  end do
  t = t + v70 + b(mod(70, 10) + 1)
  x = x + 70.0d0 * 0.25d0
  b(mod(70, 10) + 1) = b(mod(70, 10) + 1) + 70
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(70, 26))
  v71 = 3 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v71, 3) == 0) cycle
      a(mod(j * 71 + l, 100) + 1) = a(mod(j * 71 + l, 100) + 1) + v71 + j
      if (a(72) > 400) exit
    end do
  end do
  t = t + v71 + b(mod(71, 10) + 1)
  v72 = 10 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v72, 3) == 0) cycle
      a(mod(j * 72 + l, 100) + 1) = a(mod(j * 72 + l, 100) + 1) + v72 + j
      if (a(73) > 400) exit
    end do
  end do
  t = t + v72 + b(mod(72, 10) + 1)
  v73 = 4 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v73, 3) == 0) cycle
      a(mod(j * 73 + l, 100) + 1) = a(mod(j * 73 + l, 100) + 1) + v73 + j
      if (a(74) > 400) exit
    end do
  end do
  t = t + v73 + b(mod(73, 10) + 1)
  v74 = 11 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v74, 3) == 0) cycle
      a(mod(j * 74 + l, 100) + 1) = a(mod(j * 74 + l, 100) + 1) + v74 + j
      if (a(75) > 400) exit
    end do
  end do
  t = t + v74 + b(mod(74, 10) + 1)
  v75 = 5 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v75, 3) == 0) cycle
      a(mod(j * 75 + l, 100) + 1) = a(mod(j * 75 + l, 100) + 1) + v75 + j
      if (a(76) > 400) exit
    end do
  end do
  t = t + v75 + b(mod(75, 10) + 1)
  v76 = 12 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v76, 3) == 0) cycle
      a(mod(j * 76 + l, 100) + 1) = a(mod(j * 76 + l, 100) + 1) + v76 + j
      if (a(77) > 400) exit
    end do
  end do
  t = t + v76 + b(mod(76, 10) + 1)
  v77 = 6 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v77, 3) == 0) cycle
      a(mod(j * 77 + l, 100) + 1) = a(mod(j * 77 + l, 100) + 1) + v77 + j
      if (a(78) > 400) exit
    end do
  end do
  t = t + v77 + b(mod(77, 10) + 1)
  v78 = 0 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v78, 3) == 0) cycle
      a(mod(j * 78 + l, 100) + 1) = a(mod(j * 78 + l, 100) + 1) + v78 + j
      if (a(79) > 400) exit
    end do
  end do
  t = t + v78 + b(mod(78, 10) + 1)
  v79 = 7 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v79, 3) == 0) cycle
      a(mod(j * 79 + l, 100) + 1) = a(mod(j * 79 + l, 100) + 1) + v79 + j
      if (a(80) > 400) exit
    end do
  end do
  t = t + v79 + b(mod(79, 10) + 1)
  v80 = 1 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v80, 3) == 0) cycle
      a(mod(j * 80 + l, 100) + 1) = a(mod(j * 80 + l, 100) + 1) + v80 + j
      if (a(81) > 400) exit
    end do
  end do
  t = t + v80 + b(mod(80, 10) + 1)
  x = x + 80.0d0 * 0.25d0
  b(mod(80, 10) + 1) = b(mod(80, 10) + 1) + 80
  call bump(t)
  w = w(1:2) // achar(iachar('a') + mod(80, 26))
  v81 = 8 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v81, 3) == 0) cycle
      a(mod(j * 81 + l, 100) + 1) = a(mod(j * 81 + l, 100) + 1) + v81 + j
      if (a(82) > 400) exit
    end do
  end do
  t = t + v81 + b(mod(81, 10) + 1)
  v82 = 2 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v82, 3) == 0) cycle
      a(mod(j * 82 + l, 100) + 1) = a(mod(j * 82 + l, 100) + 1) + v82 + j
      if (a(83) > 400) exit
    end do
  end do
  t = t + v82 + b(mod(82, 10) + 1)
  v83 = 9 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v83, 3) == 0) cycle
      a(mod(j * 83 + l, 100) + 1) = a(mod(j * 83 + l, 100) + 1) + v83 + j
      if (a(84) > 400) exit
    end do
  end do
  t = t + v83 + b(mod(83, 10) + 1)
  v84 = 3 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v84, 3) == 0) cycle
      a(mod(j * 84 + l, 100) + 1) = a(mod(j * 84 + l, 100) + 1) + v84 + j
      if (a(85) > 400) exit
    end do
  end do
  t = t + v84 + b(mod(84, 10) + 1)
  v85 = 10 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v85, 3) == 0) cycle
      a(mod(j * 85 + l, 100) + 1) = a(mod(j * 85 + l, 100) + 1) + v85 + j
      if (a(86) > 400) exit
    end do
  end do
  t = t + v85 + b(mod(85, 10) + 1)
  v86 = 4 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v86, 3) == 0) cycle
      a(mod(j * 86 + l, 100) + 1) = a(mod(j * 86 + l, 100) + 1) + v86 + j
      if (a(87) > 400) exit
    end do
  end do
  t = t + v86 + b(mod(86, 10) + 1)
  v87 = 11 + mod(t, 7)
  do j = 1, 2
    do l = 1, 2
      if (mod(j + l + v87, 3) == 0) cycle
      a(mod(j * 87 + l, 100) + 1) = a(mod(j * 87 + l, 100) + 1) + v87 + j
      if (a(88) > 400) exit
    end do
  end do
  t = t + v87 + b(mod(87, 10) + 1)
  v88 = 5 + mod(t, 7)
  do j = 1, 3
    do l = 1, 2
      if (mod(j + l + v88, 3) == 0) cycle
      a(mod(j * 88 + l, 100) + 1) = a(mod(j * 88 + l, 100) + 1) + v88 + j
      if (a(89) > 400) exit
    end do
  end do
  t = t + v88 + b(mod(88, 10) + 1)
  v89 = 12 + mod(t, 7)
  do j = 1, 4
    do l = 1, 2
      if (mod(j + l + v89, 3) == 0) cycle
      a(mod(j * 89 + l, 100) + 1) = a(mod(j * 89 + l, 100) + 1) + v89 + j
      if (a(90) > 400) exit
    end do
  end do
  t = t + v89 + b(mod(89, 10) + 1)
  print *, t, sum(a), x, w(1:3), sum(b)
  call s(a, 100, k2)
  print *, t, sum(a), k2, f(5), f(-1)
contains
  subroutine bump(n)
    integer, intent(inout) :: n
    n = n + 1 + size(b)
    x = x + 0.5d0
  end subroutine
end program

subroutine s(a, n, r)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer, intent(out) :: r
  integer :: i, j
  r = 0
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 8 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 0 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 1 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 2 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 7
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 3 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 8
    do j = 1, 2
      if (mod(a(i) + j, 4) == 1) then
        a(i) = a(i) - 4 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 9
    do j = 1, 2
      if (mod(a(i) + j, 4) == 2) then
        a(i) = a(i) - 5 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 10
    do j = 1, 2
      if (mod(a(i) + j, 4) == 3) then
        a(i) = a(i) - 6 + j
      else
        r = r + j
      end if
    end do
  end do
  do i = 1, n, 11
    do j = 1, 2
      if (mod(a(i) + j, 4) == 0) then
        a(i) = a(i) - 7 + j
      else
        r = r + j
      end if
    end do
  end do
end subroutine

integer function f(n)
  implicit none
  integer, intent(in) :: n
  integer :: i, j, acc
  acc = 0
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  if (n < 0) then
    f = -acc
    return
  end if
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 0) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 2
    do j = 1, 2
      if (mod(i * j + acc, 5) == 1) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  do i = 1, n + 3
    do j = 1, 2
      if (mod(i * j + acc, 5) == 2) then
        acc = acc + i
      else
        acc = acc - j + 0
      end if
    end do
  end do
  do i = 1, n + 0
    do j = 1, 2
      if (mod(i * j + acc, 5) == 3) then
        acc = acc + i
      else
        acc = acc - j + 1
      end if
    end do
  end do
  do i = 1, n + 1
    do j = 1, 2
      if (mod(i * j + acc, 5) == 4) then
        acc = acc + i
      else
        acc = acc - j + 2
      end if
    end do
  end do
  f = acc
end function
