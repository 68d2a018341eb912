print('collect')
