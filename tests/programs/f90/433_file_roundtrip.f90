! Files written then read back: a simulation writes a header and a formatted table of
! time steps to a file, closes it, reopens it to read the table into arrays, computes
! statistics, appends a summary line, and reads the whole file again counting lines by
! a known record count; list-directed and formatted records, several units open at once.
program file_roundtrip
  implicit none
  integer, parameter :: nsteps = 8
  integer :: i, step(nsteps), nrec, k
  real(8) :: t(nsteps), e(nsteps), tt, ee
  character(len=30) :: header, line
  open(unit=21, file='sim_out.dat', status='replace', action='write')
  write(21, '(A)') '# step time energy'
  do i = 1, nsteps
    write(21, '(I5,2F12.5)') i * 10, i * 0.125d0, 100.0d0 - i * i * 0.5d0
  end do
  close(21)
  open(unit=22, file='sim_out.dat', status='old', action='read')
  read(22, '(A)') header
  do i = 1, nsteps
    read(22, '(I5,2F12.5)') step(i), t(i), e(i)
  end do
  close(22)
  print '(A,A)', 'header: ', trim(header)
  print '(A,8I4)', 'steps:', step
  print '(A,F10.4,A,F10.4)', 'energy drop:', e(1) - e(nsteps), ' mean:', sum(e) / nsteps
  ! a second file with list-directed records, written while the first is appended
  open(unit=23, file='sim_out.dat', status='old', position='append')
  open(unit=24, file='sim_list.dat', status='replace')
  write(23, '(A,F10.4)') 'final energy', e(nsteps)
  do i = 1, nsteps, 2
    write(24, *) step(i), t(i), e(i)
  end do
  close(23)
  close(24)
  open(unit=25, file='sim_list.dat', status='old')
  do i = 1, nsteps / 2
    read(25, *) k, tt, ee
    print '(I4,F8.3,F10.3,L2)', k, tt, ee, ee == e(2*i - 1)
  end do
  close(25, status='delete')
  open(unit=26, file='sim_out.dat', status='old')
  nrec = 0
  do i = 1, nsteps + 2
    read(26, '(A)') line
    nrec = nrec + 1
    if (i == 1 .or. i >= nsteps + 1) print '(I3,1X,A)', nrec, trim(line)
  end do
  close(26, status='delete')
  print '(A,I3)', 'records:', nrec
end program file_roundtrip
