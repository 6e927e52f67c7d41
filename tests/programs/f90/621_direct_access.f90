! Direct-access unformatted files: records written in any order, read by number,
! overwritten; errors caught with iostat and iomsg.
program direct_access
  implicit none
  integer :: i, k, st, n
  real(8) :: x
  character(len=60) :: msg
  open(11, file='direct.bin', access='direct', recl=16, form='unformatted', status='replace')
  do i = 5, 1, -1
    write(11, rec=i) i, dble(i) / 4
  end do
  write(11, rec=3) -3, 9.5d0
  do i = 1, 5
    read(11, rec=i) k, x
    print *, i, k, x
  end do
  inquire(unit=11, size=n)
  print *, 'size', n
  read(11, rec=2, iostat=st, iomsg=msg) k, x, x
  print *, st, trim(msg)
  read(11, rec=9, iostat=st, iomsg=msg) k
  print *, st, trim(msg)
  write(11, rec=2, iostat=st, iomsg=msg) 1d0, 2d0, 3d0
  print *, st, trim(msg)
  close(11)
  ! access='direct' alone is unformatted; records of recl bytes
  open(12, file='direct.bin', access='direct', recl=4, status='old')
  read(12, rec=5) k
  print *, 'record 5 of 4 bytes:', k
  close(12, status='delete')
end program
