! Changeable output modes: decimal=, sign=, round=, delim= on open and on write, and the
! edit descriptors DC, DP, SP, SS, S, RU, RD, RZ, RN, RC, RP.
program io_modes_output
  implicit none
  integer :: i, ios
  character(80) :: line
  real :: vals(6) = [1.234, 1.236, -1.236, 1.235, 1.245, 0.125]
  double precision :: dv(5) = [2.5d0, -2.5d0, 0.125d0, -0.375d0, 1.0d0/3.0d0]

  ! descriptors
  write(*, '(dc,f8.3,dp,f8.3)') 3.25, 4.5
  write(*, '(dc,es12.3,e12.3e3,g12.4,en12.3,d12.4)') 3.25, 4.5, 0.5, 1234.5, -0.25d0
  write(*, '(sp,i5,ss,i5,sp,f6.2,s,f6.2)') 3, 4, 5.5, 6.5
  do i = 1, size(vals)
    write(*, '(ru,f7.2,rd,f7.2,rz,f7.2,rn,f7.2,rc,f7.2,rp,f7.2)') (vals(i), ios = 1, 6)
    write(*, '(ru,e11.2,rd,e11.2,rz,es11.2,rc,en11.2)') (-vals(i), ios = 1, 4)
  end do
  do i = 1, size(dv)
    write(*, '(ru,f8.1,rd,f8.1,rz,f8.1,rn,f8.1,rc,f8.1)') (dv(i), ios = 1, 5)
    write(*, '(ru,g10.2,rd,g10.2,rc,g10.2)') (dv(i) * 99.96d0, ios = 1, 3)
  end do
  write(*, '(ru,f4.0,rd,f5.1,ru,f5.1,rz,f5.1)') 0.1, -0.01, -0.01, -0.99
  write(*, '(f6.2)', round='up') 1.231
  write(*, '(f6.2)', round='down') 1.239
  write(*, '(f6.2)', round='zero') -1.239
  write(*, '(f6.2)', round='nearest') 0.125
  write(*, '(f6.2)', round='compatible') 0.125
  write(*, '(f6.2)', round='processor_defined') 0.125
  write(*, '(f8.3)', decimal='comma', sign='plus') 3.25
  write(*, '(f8.3,ss,f8.3)', sign='plus') 3.25, 3.25
  write(*, *, decimal='comma') 1.5, 2, (1.5, 2.5), 'x', 0.25d0
  write(*, *, sign='plus') 1.5, 2, -3, (1.5, -2.5), 0.0
  write(*, *, delim='quote') 'it''s', 'x', "say ""hi"""
  write(*, *, delim='apostrophe') 'it''s', 'x', 1, 'y'
  write(*, *, delim='none') 'it''s', 'x'

  ! modes of a connection, overridden per statement
  open(10, file='data875.txt', status='replace', decimal='comma', sign='plus', delim='quote', round='up')
  write(10, *) 2.5, 'ab', 3, (1.0, 2.0), .true., -4
  write(10, '(i4,f6.1,a)') 5, 6.25, 'q'
  write(10, '(ss,i4,f6.1,sp,i4)') 5, 6.25, 7
  write(10, '(i4,f6.1)', sign='suppress', decimal='point', round='down') 5, 6.25
  write(10, *, delim='none') 'a''b', 'c'
  write(10, *) 1.5d0, 0.0, 1e20, 'a''b'
  close(10)
  open(10, file='data875.txt', status='old')
  do
    read(10, '(a)', iostat=ios) line
    if (ios /= 0) exit
    print '(a)', trim(line)
  end do
  close(10, status='delete')

  ! internal writes
  write(line, '(dc,f10.4)') 2.0 / 3.0
  print '(a)', trim(line)
  write(line, *, decimal='comma', delim='apostrophe') 0.5, 'z'
  print '(a)', trim(line)
end program
