#!/usr/bin/env node
console.log('orgsync-import: under construction');
