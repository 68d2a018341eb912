print('extract')
