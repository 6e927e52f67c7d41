! A small complete application in the usual HPC layout: a parameters module, a state
! module with the field and its procedures (initialise, step, diagnostics), a driver that
! runs a 2-D diffusion problem with dyadic weights, writes checkpoints to a file with ES
! formats, restarts from the last checkpoint, and verifies that the restarted run
! reproduces the continuous one bit for bit, ending with call exit(0).
module params
  implicit none
  integer, parameter :: nx = 12, ny = 8, nsteps = 40, every = 10
  real(8), parameter :: nu = 0.125d0
end module params

module state
  use params
  implicit none
  real(8) :: t(0:nx+1, 0:ny+1)
  integer :: istep = 0
contains
  subroutine init()
    integer :: i, j
    t = 0
    do j = 1, ny
      do i = 1, nx
        if (abs(i - nx/2) <= 1 .and. abs(j - ny/2) <= 1) t(i, j) = 64
      end do
    end do
    istep = 0
  end subroutine init
  subroutine step()
    real(8) :: tn(nx, ny)
    integer :: i, j
    do j = 1, ny
      do i = 1, nx
        tn(i, j) = t(i, j) + nu * (t(i-1, j) + t(i+1, j) + t(i, j-1) + t(i, j+1) - 4 * t(i, j))
      end do
    end do
    t(1:nx, 1:ny) = tn
    istep = istep + 1
  end subroutine step
  subroutine diagnostics()
    print '(A,I4,A,F14.8,A,F12.8,A,2I3)', 'step', istep, ' heat', sum(t(1:nx, 1:ny)), &
      ' max', maxval(t), ' at', maxloc(t(1:nx, 1:ny))
  end subroutine diagnostics
  subroutine checkpoint(unit)
    integer, intent(in) :: unit
    integer :: j
    write(unit, '(I6)') istep
    do j = 1, ny
      write(unit, '(12ES24.16)') t(1:nx, j)
    end do
  end subroutine checkpoint
  subroutine restore(unit)
    integer, intent(in) :: unit
    integer :: j
    read(unit, '(I6)') istep
    t = 0
    do j = 1, ny
      read(unit, '(12ES24.16)') t(1:nx, j)
    end do
  end subroutine restore
end module state

program mini_app
  use params
  use state
  implicit none
  real(8) :: final(0:nx+1, 0:ny+1)
  integer :: k, ncheck
  call init()
  open(41, file='mini_app_ckpt.txt', status='replace')
  ncheck = 0
  do k = 1, nsteps
    call step()
    if (mod(istep, every) == 0) then
      call diagnostics()
      if (istep < nsteps) then
        call checkpoint(41)
        ncheck = ncheck + 1
      end if
    end if
  end do
  close(41)
  final = t
  print '(A,I3)', 'checkpoints written:', ncheck
  ! restart from the last checkpoint in the file
  open(42, file='mini_app_ckpt.txt', status='old')
  do k = 1, ncheck
    call restore(42)
  end do
  close(42, status='delete')
  print '(A,I4)', 'restarted at step', istep
  do while (istep < nsteps)
    call step()
  end do
  call diagnostics()
  if (any(t /= final)) then
    print '(A)', 'restart mismatch'
    error stop 2
  end if
  print '(A)', 'restart reproduces the continuous run exactly'
  call exit(0)
end program mini_app
