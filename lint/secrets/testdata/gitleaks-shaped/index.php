<?php
$apiToken = "@@gen@@";
$apiToken .= "@@gen@@";
$config = ['client_secret' => '@@gen@@'];
$apiToken = getenv('API_TOKEN');
