! Uses the gfortran-compiled module gf_mod.f90 (module `gm`) through gfortran's module file.
program gf_mod_main
  use gm
  implicit none
  type(point) :: q
  real(dp) :: a(n)
  integer(ik) :: big
  integer :: k
  character(len=n) :: label
  ! A named constant made of the module's: a constant in the internal procedure below too,
  ! which uses the module again (no object of the module holds it).
  integer, parameter :: nsq = n * n
  q%x = 3; q%y = 4; q%id = 1; q%v = [1.0, 2.0, 3.0]
  a = 1.0_dp
  k = 1
  call bump(k)
  call bump(k, by=2)
  print *, k, counter, n, half, debug, tag, w
  print '(F20.15)', pi
  print *, norm(a), norm(q), norm_r(a), sum(q%v)
  counter = counter + 10
  call bump(k)
  print *, counter
  big = 2_ik**40
  label = 'abcdefgh'
  print *, big, label, kind(big)
  call renamed()
  call consts()
  print *, qp, qthird, qneg, qtwice(qthird), qtotal
contains
  subroutine consts()
    use gm
    integer :: x
    x = nsq + n
    print *, x
  end subroutine consts

  subroutine renamed()
    use gm, only: wp => dp
    real(wp) :: t
    t = 0.5_wp
    print *, t, kind(t)
  end subroutine renamed
end program gf_mod_main
